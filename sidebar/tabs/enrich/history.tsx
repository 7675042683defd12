/**
 * The Enrich tab's change-history parts: the job-change digest after a run, Undo last run, the
 * `Job changes` sheet since a date, and the history's settings (on/off, rows kept). Text from the
 * sheet or the API is rendered as text (Preact escapes it), never as HTML; the profile link goes
 * through DataLink, which links http(s) URLs only (any editor can write `javascript:` in the cell).
 */
import { useEffect, useState } from "preact/hooks";
import { emailChangeText } from "../../../src/jobs/history/email-change";
import type { HistoryStatus, JobChange, JobChangeDigest, UndoQuestion } from "../../../src/rpc/history";
import { useNotices } from "../../components/notices";
import { DataLink } from "../../components/safe-link";
import { useServerCall } from "../../components/use-server-call";
import { call } from "../../rpc-client";

const jobText = (title: string, company: string) => [title, company].filter(Boolean).join(" @ ") || "(none)";

/** One person's job change, with a link to the profile the history sheet names. */
export function ChangeLine({ change }: { change: JobChange }) {
  return (
    <li>
      <strong>{change.name || "(no name)"}</strong>: {jobText(change.oldTitle, change.oldCompany)} →{" "}
      {jobText(change.newTitle, change.newCompany)}{" "}
      {change.kept ? <span class="muted">(old job kept in the sheet: {change.kept}) </span> : null}
      {emailChangeText(change) ? (
        <span data-testid="enrich-digest-email">(email: {emailChangeText(change)}) </span>
      ) : null}
      {change.cached ? (
        <span class="muted" data-testid="digest-cached-change">
          (cached answer: may be a previous job){" "}
        </span>
      ) : null}
      <DataLink url={change.url}>profile</DataLink>
    </li>
  );
}

/**
 * Who changed jobs in the run just finished (from the change history). `cached`: the run did not
 * ask for fresh data, so a change may be the cache lagging behind (its rows' status says so too).
 * `undos`: bumped by each Undo, so the digest is asked again (an undone run's is empty).
 */
export function JobChangeDigestView({
  jobId,
  cached = false,
  undos = 0,
}: {
  jobId: string;
  cached?: boolean;
  undos?: number;
}) {
  const [digest, setDigest] = useState<JobChangeDigest | null>(null);
  useEffect(() => {
    call("historyDigest", { jobId }).then(setDigest, () => setDigest(null));
  }, [jobId, undos]);
  if (!digest) return null;
  if (digest.undone) {
    return (
      <p class="hint" data-testid="enrich-digest-undone">
        This run was undone: its job changes no longer stand.
      </p>
    );
  }
  return (
    <section aria-label="Job changes" data-testid="enrich-digest" class="form-group">
      <strong>
        {digest.count === 0
          ? "No job changes in this run."
          : `${digest.count} ${digest.count === 1 ? "person" : "people"} changed jobs`}
      </strong>
      {digest.count > 0 ? (
        <ul class="digest">
          {digest.changes.map((change) => (
            <ChangeLine key={`${change.sheet}:${change.row}:${change.url}`} change={change} />
          ))}
        </ul>
      ) : null}
      {digest.count > 0 && cached ? (
        <span class="hint" data-testid="enrich-digest-cached">
          Seen in cached answers (Fresh data was off): they may be outdated. Run these rows again with Fresh
          data to confirm.
        </span>
      ) : null}
      {digest.count > digest.changes.length ? (
        <span class="hint">The first {digest.changes.length}; Show job changes lists them all.</span>
      ) : null}
    </section>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

/** Undo last run, Show job changes since a date, and the history's settings. `onUndone`: after an Undo. */
export function HistoryPanel({ onUndone }: { onUndone?: () => void } = {}) {
  const notices = useNotices();
  const { busy, run } = useServerCall();
  const [status, setStatus] = useState<HistoryStatus | null>(null);
  const [since, setSince] = useState(monthAgo());
  const [maxRows, setMaxRows] = useState("");
  const [question, setQuestion] = useState<UndoQuestion | null>(null);

  useEffect(() => {
    call("historyStatus", null).then(
      (answer) => {
        setStatus(answer);
        setMaxRows(String(answer.settings.maxRows));
      },
      () => setStatus(null),
    );
  }, []);

  /** Asks first: Undo cannot be redone, and running the run again charges again. */
  async function askUndo() {
    notices.clear();
    setQuestion((await run(() => call("historyUndoPreview", null))) ?? null);
  }

  async function undo(runId: string) {
    setQuestion(null);
    notices.clear();
    const answer = await run(() => call("historyUndo", { runId }));
    if (answer) {
      notices.show({ tone: answer.leftAlone > 0 ? "info" : "ok", message: answer.message });
      onUndone?.();
    }
  }

  async function showChanges() {
    notices.clear();
    const answer = await run(() => call("historyShowJobChanges", { since }));
    if (answer) {
      notices.show({
        tone: "ok",
        message:
          `${answer.count} job change${answer.count === 1 ? "" : "s"} since ${answer.since}, in the "${answer.sheetName}" sheet.` +
          (answer.kept
            ? ` "${answer.kept}" was edited since the add-on wrote it, so it was left as it is.`
            : ""),
      });
    }
  }

  async function save(enabled: boolean) {
    const answer = await run(() => call("historySaveSettings", { enabled, maxRows: Number(maxRows) }));
    if (answer) {
      setStatus(answer);
      notices.show({ tone: "ok", message: enabled ? "Change history saved." : "Change history turned off." });
    }
  }

  return (
    <details class="form-group" data-testid="enrich-history">
      <summary>Change history and undo</summary>
      <p class="hint">
        Every cell a run changes is kept, old and new value, in the "Prospecting changes" sheet
        {status ? ` (${status.rows.toLocaleString("en-US")} rows now)` : ""}.
      </p>
      {status?.overLimit ? (
        <p class="hint" data-testid="history-over-limit">
          {status.overLimit}
        </p>
      ) : null}
      {question ? (
        <div role="alertdialog" aria-labelledby="history-undo-question" class="notice info">
          <p id="history-undo-question">{question.message}</p>
          <div class="buttons">
            <button type="button" class="action" disabled={busy} onClick={() => void undo(question.runId)}>
              Undo it
            </button>
            <button type="button" class="secondary" disabled={busy} onClick={() => setQuestion(null)}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div class="buttons">
          <button type="button" class="secondary" disabled={busy} onClick={askUndo}>
            Undo last run
          </button>
        </div>
      )}
      <label for="history-since">Job changes since</label>{" "}
      <input
        id="history-since"
        type="date"
        value={since}
        max={today()}
        onInput={(e) => setSince(e.currentTarget.value)}
      />
      <div class="buttons">
        <button type="button" class="secondary" disabled={busy || since === ""} onClick={showChanges}>
          Show job changes
        </button>
      </div>
      {status ? (
        <>
          <label style={{ fontWeight: 400, display: "block" }}>
            <input
              type="checkbox"
              checked={status.settings.enabled}
              disabled={busy}
              onChange={(e) => void save(e.currentTarget.checked)}
            />{" "}
            Keep a change history for this spreadsheet
          </label>
          <label for="history-rows">Rows kept (oldest runs are deleted past this)</label>
          <input
            id="history-rows"
            type="number"
            min={100}
            value={maxRows}
            onInput={(e) => setMaxRows(e.currentTarget.value)}
            onBlur={() => {
              if (Number(maxRows) !== status.settings.maxRows) void save(status.settings.enabled);
            }}
          />
        </>
      ) : null}
    </details>
  );
}
