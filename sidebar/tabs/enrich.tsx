/**
 * The Enrich tab: refresh rows of profile URLs in place. The user picks the fields, the extras and
 * the mode; Estimate plans the selection (nothing charged) and shows distinct URLs, the most it can
 * cost, the balance and the spend cap; Confirm & run starts the steps, which this tab drives one
 * server call at a time (each well under Apps Script's 6 minutes). Closing the sidebar pauses the
 * run; reopening offers to resume it.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { DEFAULT_SKIP_REFRESHED_DAYS, EXTRA_CHOICES } from "../../src/jobs/enrich/options";
import { skipReasons } from "../../src/jobs/enrich/progress";
import { chargesText, creditsReported, usdChargedText } from "../../src/jobs/ledger/charges-text";
import type {
  BackgroundView,
  EnrichEstimate,
  EnrichMode,
  EnrichOptions,
  EnrichPreview,
  EnrichProgress,
  RunOwner,
} from "../../src/rpc/enrich";
import { DEFAULT_LOOKUP_FIELDS, type LeadField, parseFieldList } from "../../src/sheet/lead-fields";
import { BalanceNote } from "../components/balance-note";
import { CheckboxList } from "../components/checkbox-list";
import { useNotices } from "../components/notices";
import { ProgressBar } from "../components/progress";
import { useServerCall } from "../components/use-server-call";
import { asUserError, call } from "../rpc-client";
import { BackgroundPanel } from "./enrich-background";
import { FinishPanel } from "./enrich-finish";
import { HistoryPanel, JobChangeDigestView } from "./enrich-history";
import { NewSelectionChoice } from "./enrich-new-selection";
import { RetryPanel } from "./enrich-retry";
import { SchedulePanel } from "./enrich-schedule";
import { TakeOver } from "./enrich-take-over";

type Extras = EnrichOptions["extras"];

const UNFINISHED = new Set(["running", "paused", "stopped"]);
/** Wait before trying a step again when another step holds the document lock. */
const BUSY_RETRY_MS = 2000;

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function Selection({
  preview,
  hint,
  urlColumn,
  onPick,
  onRefresh,
}: {
  preview: EnrichPreview | null;
  /** Why the current selection cannot be planned, shown muted until the user asks. */
  hint: string | null;
  urlColumn: number | undefined;
  onPick(column: number | undefined): void;
  onRefresh(): void;
}) {
  return (
    <div class="form-group">
      <strong>Profile URLs</strong>
      {preview ? (
        <span data-testid="enrich-selection">
          {preview.sheetName}!{preview.range}: {plural(preview.rows, "row")},{" "}
          {plural(preview.distinct, "distinct URL")}
          {preview.invalidRows > 0 ? `, ${plural(preview.invalidRows, "cell")} that are no profile URL` : ""}
          <span class="hint"> (headers in row {preview.headerRow})</span>
        </span>
      ) : (
        <span class="hint" data-testid="enrich-selection-hint">
          {hint ?? "Select the column of profile URLs in the sheet."}
        </span>
      )}
      {preview ? (
        <>
          <label for="enrich-url-column">URL column</label>
          <select
            id="enrich-url-column"
            value={urlColumn === undefined ? "" : String(urlColumn)}
            onChange={(e) => onPick(e.currentTarget.value === "" ? undefined : Number(e.currentTarget.value))}
          >
            <option value="">Detected in the selection</option>
            {preview.columns.map((c) => (
              <option key={c.column} value={String(c.column)}>
                {c.letter}
                {c.header ? ` · ${c.header}` : ""}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <button type="button" class="secondary" onClick={onRefresh}>
        Use current selection
      </button>
    </div>
  );
}

function FieldsChooser(props: {
  defaults: LeadField[];
  setDefaults(fields: LeadField[]): void;
  more: string;
  setMore(text: string): void;
  problem: string | null;
}) {
  return (
    <fieldset class="form-group">
      <legend>Fields to fill</legend>
      <CheckboxList
        options={DEFAULT_LOOKUP_FIELDS.map((field) => ({ value: field, label: field }))}
        selected={props.defaults}
        onChange={props.setDefaults}
      />
      <label for="enrich-more">More fields</label>
      <input
        id="enrich-more"
        type="text"
        placeholder="e.g. headline, industry, jobs"
        value={props.more}
        onInput={(e) => props.setMore(e.currentTarget.value)}
        aria-describedby="enrich-more-hint"
      />
      <span id="enrich-more-hint" class="hint">
        Any field of the lead record, comma-separated. Lists (jobs, educations) are written as the List fields
        setting says: readable text unless it is set to JSON.
      </span>
      {props.problem ? (
        <span role="alert" style={{ color: "var(--error)", fontSize: "12px" }}>
          {props.problem}
        </span>
      ) : null}
    </fieldset>
  );
}

function ExtrasChooser({ extras, setExtras }: { extras: Extras; setExtras(extras: Extras): void }) {
  return (
    <fieldset class="form-group">
      <legend>Extras</legend>
      {EXTRA_CHOICES.map((choice) => (
        <label key={choice.option} style={{ fontWeight: 400 }}>
          <input
            type="checkbox"
            checked={extras[choice.option] === true}
            onChange={(e) => setExtras({ ...extras, [choice.option]: e.currentTarget.checked })}
          />{" "}
          {choice.label}{" "}
          <span class="muted">{choice.credits > 0 ? `+${choice.credits} credit` : "free"}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * "Skip rows refreshed within the last N days" (issue 23.5): on by default for a day, so running
 * the same list again right after a run (or a Cancel) does not buy its fresh rows a second time.
 */
function SkipRefreshedChooser({ days, setDays }: { days: number; setDays(days: number): void }) {
  const [lastDays, setLastDays] = useState(days > 0 ? days : DEFAULT_SKIP_REFRESHED_DAYS);
  return (
    <div class="form-group">
      <label style={{ fontWeight: 400 }}>
        <input
          type="checkbox"
          data-testid="enrich-skip-refreshed"
          checked={days > 0}
          onChange={(e) => setDays(e.currentTarget.checked ? lastDays : 0)}
        />{" "}
        Skip rows refreshed within the last{" "}
        <input
          type="number"
          min={1}
          max={31}
          style={{ width: "48px" }}
          aria-label="Days"
          value={lastDays}
          onInput={(e) => {
            const value = Math.max(1, Math.min(31, Math.floor(Number(e.currentTarget.value) || 1)));
            setLastDays(value);
            if (days > 0) setDays(value);
          }}
        />{" "}
        day{lastDays === 1 ? "" : "s"}
      </label>
      <span class="hint">Their status is ok and their Enriched At that recent: not bought again (free).</span>
    </div>
  );
}

function ModeChooser({ mode, setMode }: { mode: EnrichMode; setMode(mode: EnrichMode): void }) {
  return (
    <fieldset class="form-group">
      <legend>Mode</legend>
      <label style={{ fontWeight: 400 }}>
        <input
          type="radio"
          name="enrich-mode"
          checked={mode === "refresh"}
          onChange={() => setMode("refresh")}
        />{" "}
        Refresh: overwrite with current data
      </label>
      <label style={{ fontWeight: 400 }}>
        <input type="radio" name="enrich-mode" checked={mode === "fill"} onChange={() => setMode("fill")} />{" "}
        Fill empty cells only
      </label>
    </fieldset>
  );
}

function EstimateView({ estimate, fresh }: { estimate: EnrichEstimate; fresh: boolean }) {
  const { preview, balance, balanceError, cap } = estimate;
  const affordable = Math.floor(cap / preview.creditsPerUrl);
  const skipped = preview.distinct - preview.toFetch;
  return (
    <div class="notice info" data-testid="enrich-estimate">
      <strong>
        {preview.toFetch === 0
          ? skipped > 0 && estimate.progress.skips.length > 0
            ? `Nothing to fetch: ${plural(skipped, "URL")} skipped (${skipReasons(estimate.progress.skips)}). This run costs 0 credits.`
            : "Nothing to fill: every chosen cell already holds a value. This run costs 0 credits."
          : `${plural(preview.toFetch, "distinct URL")} to fetch, up to ${plural(preview.maxCredits, "credit")}`}
      </strong>
      {skipped > 0 && preview.toFetch > 0 ? (
        <span class="next">
          {plural(skipped, "URL")} skipped for free: {skipReasons(estimate.progress.skips)}.
        </span>
      ) : null}
      {estimate.path && preview.toFetch > 0 ? (
        <span class="next" data-testid="enrich-path">
          {estimate.path.text}
        </span>
      ) : null}
      {!fresh ? (
        <span class="next" data-testid="enrich-cached-warning">
          Fresh data is off: cached answers show the previous job of people who moved recently, so job changes
          cannot be trusted.
        </span>
      ) : preview.toFetch > 0 && estimate.path?.kind !== "bulk" ? (
        <span class="next" data-testid="enrich-fresh-note">
          Fresh data takes seconds to about a minute per answer, so lookups go 4 at a time. Apps Script gives
          up on a request after 60 s and then loses the answers of its group of 4, which may still be charged
          (about 1 lookup in 9 in our tests): those rows say so, and Retry failed rows can send them again.
        </span>
      ) : null}
      <br />
      Balance {balance === null ? "unknown" : plural(balance, "credit")} · cap {plural(cap, "credit")} ·{" "}
      {preview.creditsPerUrl} per URL
      {preview.maxCredits > cap ? (
        <span class="next">The run stops at the spend cap, after about {plural(affordable, "URL")}.</span>
      ) : null}
      <BalanceNote balance={balance} maxCredits={preview.maxCredits} />
      {balanceError ? <span class="next">{balanceError}</span> : null}
      {estimate.fetches && preview.toFetch > estimate.fetches.left ? (
        <span class="next" data-testid="enrich-quota-warning">
          This run needs {plural(preview.toFetch, "web request")}; about{" "}
          {estimate.fetches.left.toLocaleString("en-US")} of Apps Script's{" "}
          {estimate.fetches.quota.toLocaleString("en-US")} a day are left (by the add-on's own count). The run
          stops when they run out, with the rest pending and not charged; Resume it the next day.
        </span>
      ) : null}
      {preview.skipped.length > 0 ? (
        <span class="next">
          Not written: {preview.skipped.join(", ")} (the URL column itself; your URLs stay as typed).
        </span>
      ) : null}
      <span class="next">
        Writes{" "}
        {preview.targets
          .map(
            (t) =>
              `${t.field} → ${t.column}${t.header ? ` (${t.header})` : t.newHeader && t.newHeader !== t.field ? ` (new: ${t.newHeader})` : " (new)"}`,
          )
          .join(", ")}
        ; statuses in {preview.statusHeaders.join(", ")}. Duplicates are fetched once; not-found and rejected
        URLs are free.
      </span>
    </div>
  );
}

/** Shown from the click on Continue in the background until the step in flight answers. */
const HANDING_OVER = {
  kind: "handing_over",
  message: "Handing the run to the background once the step under way answers (seconds).",
  next: "You can close the sidebar: the hand-over is on its way, and nothing is sent twice.",
};

/** Run messages that are news, not trouble. */
const OK_KINDS = new Set(["cancelling", "cancelled", "handing_over"]);

function stateLine(progress: EnrichProgress, driving: boolean): string {
  switch (progress.state) {
    case "running":
      // Nobody drives a run whose sidebar was closed: it waits, as if paused.
      return driving ? "Running…" : "Paused when the sidebar closed. Resume continues where it stopped.";
    case "paused":
      return "Paused. Resume continues where it stopped; nothing done is paid again.";
    case "stopped":
      return "Stopped.";
    case "done":
      return "Done.";
    case "cancelled":
      return "Cancelled.";
    default:
      return progress.state;
  }
}

/**
 * A scheduled run stopped at the schedule's own cap: Resume would stop again at once (the cap
 * stays the schedule's); its owner continues it under Scheduled refresh, with an estimate.
 */
function scheduleCapStop(progress: EnrichProgress): boolean {
  return progress.capSource === "schedule" && progress.message?.kind === "spend_cap";
}

function RunView(props: {
  progress: EnrichProgress;
  driving: boolean;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
  onNew(): void;
  onRetry(progress: EnrichProgress): void;
  onSelectFailed(): void;
  /** Hands the run to the hourly trigger (issue 23.16); absent where it cannot go (a schedule's run). */
  onBackground?(): void;
  /** Set when someone else owns the run: read-only, with Take over. */
  owner: RunOwner | null;
  onTaken(progress: EnrichProgress): void;
}) {
  const { progress } = props;
  const finished = progress.state === "done" || progress.state === "cancelled";
  const stopping = progress.message?.kind === "cancelling" || progress.message?.kind === "handing_over";
  const othersRun = props.owner !== null && !props.owner.mine && !finished;
  return (
    <section aria-label="Enrichment run" data-testid="enrich-run" data-state={progress.state}>
      <p>
        <strong>{stateLine(progress, props.driving)}</strong>{" "}
        {progress.throttled && progress.state === "running" ? (
          <span class="muted" data-testid="enrich-throttled">
            throttled: slowing down{" "}
          </span>
        ) : null}
        <span class="muted">
          {progress.sheetName}!{progress.range} · {plural(progress.rows, "row")}
        </span>
        {progress.inJobs && !finished ? (
          <span class="next" data-testid="enrich-in-jobs">
            {plural(progress.inJobs, "URL")} in the API's bulk jobs: paid as each profile is found; their rows
            are written when their job completes (on Resume if the sidebar was closed meanwhile).
          </span>
        ) : null}
      </p>
      <ProgressBar
        done={progress.ok + progress.notFound}
        failed={progress.failed + progress.interrupted}
        remaining={progress.remaining}
        // What the cap counts while the run goes (lookups never read included), the ledger's after.
        spent={
          progress.charges
            ? creditsReported(progress.charges, progress.spent)
            : progress.spent + progress.maybeCharged
        }
        cap={progress.cap}
        unit="distinct URLs"
      />
      {progress.notFound > 0 || progress.interrupted > 0 || progress.skipped > 0 ? (
        <p class="muted">
          {progress.skipped > 0
            ? `${plural(progress.skipped, "URL")} skipped (${skipReasons(progress.skips)}; free). `
            : ""}
          {progress.notFound > 0 ? `${plural(progress.notFound, "profile")} not found (free). ` : ""}
          {progress.interrupted > 0
            ? `${plural(progress.interrupted, "URL")} interrupted by a cut-off: see their rows' status.`
            : ""}
        </p>
      ) : null}
      {progress.message ? (
        <div class={`notice ${OK_KINDS.has(progress.message.kind) ? "ok" : "error"}`} role="alert">
          {progress.message.message}
          {progress.message.next ? <span class="next">{progress.message.next}</span> : null}
        </div>
      ) : null}
      {progress.failures.length > 0 ? (
        <div data-testid="enrich-failures">
          <p>
            <strong>Rows not enriched</strong>
          </p>
          <ul class="failures">
            {progress.failures.map((failure) => (
              <li key={failure.reason}>
                {plural(failure.rows, "row")}: {failure.reason}
              </li>
            ))}
          </ul>
          <button type="button" class="secondary" onClick={props.onSelectFailed}>
            Select failed rows
          </button>
        </div>
      ) : null}
      {progress.state === "done" ? (
        <JobChangeDigestView jobId={progress.jobId} cached={!progress.fresh} />
      ) : null}
      {progress.state === "done" && progress.failed + progress.interrupted > 0 ? (
        <RetryPanel
          key={progress.jobId}
          jobId={progress.jobId}
          estimateView={(estimate) => <EstimateView estimate={estimate} fresh={estimate.progress.fresh} />}
          onStart={props.onRetry}
        />
      ) : null}
      {!othersRun ? (
        <FinishPanel
          key={progress.jobId}
          progress={progress}
          estimateView={(estimate) => <EstimateView estimate={estimate} fresh={progress.fresh} />}
          onStart={props.onRetry}
        />
      ) : null}
      {othersRun && props.owner ? (
        <TakeOver jobId={progress.jobId} owner={props.owner} onTaken={props.onTaken} />
      ) : null}
      <div class="buttons" hidden={othersRun}>
        {progress.state === "running" && props.driving && !stopping ? (
          <button type="button" class="secondary" onClick={props.onPause}>
            Pause
          </button>
        ) : null}
        {((progress.state === "running" && !props.driving) ||
          progress.state === "paused" ||
          progress.state === "stopped") &&
        !scheduleCapStop(progress) ? (
          <button type="button" class="action" onClick={props.onResume}>
            Resume
          </button>
        ) : null}
        {props.onBackground && (progress.state === "running" || progress.state === "paused") && !stopping ? (
          <button type="button" class="secondary" onClick={props.onBackground}>
            Continue in the background
          </button>
        ) : null}
        {stopping ? null : !finished ? (
          <button type="button" class="secondary" onClick={props.onCancel}>
            Cancel
          </button>
        ) : (
          <button type="button" class="action" onClick={props.onNew}>
            New run
          </button>
        )}
      </div>
      {finished ? <HistoryPanel /> : null}
    </section>
  );
}

export function EnrichTab() {
  const notices = useNotices();
  const [preview, setPreview] = useState<EnrichPreview | null>(null);
  const [selectionHint, setSelectionHint] = useState<string | null>(null);
  const [urlColumn, setUrlColumn] = useState<number | undefined>(undefined);
  const [defaults, setDefaults] = useState<LeadField[]>([...DEFAULT_LOOKUP_FIELDS]);
  const [more, setMore] = useState("");
  // Fresh data costs nothing extra and is the only way to see recent job changes (cached answers
  // show a mover's previous job): on unless the user turns it off.
  const [extras, setExtras] = useState<Extras>({ up_to_the_second_fresh: true });
  const [mode, setMode] = useState<EnrichMode>("refresh");
  const [skipDays, setSkipDays] = useState(DEFAULT_SKIP_REFRESHED_DAYS);
  const [estimate, setEstimate] = useState<EnrichEstimate | null>(null);
  const [progress, setProgress] = useState<EnrichProgress | null>(null);
  const [driving, setDriving] = useState(false);
  const [owner, setOwner] = useState<RunOwner | null>(null);
  /** The menu was used on another selection while this run is unfinished (issue 14.5). */
  const [newSelection, setNewSelection] = useState<string | null>(null);
  const { busy, run } = useServerCall();
  /** Set while the hourly trigger drives the run (issue 23.16): the tab shows where it stands. */
  const [background, setBackground] = useState<BackgroundView | null>(null);
  const stopRequest = useRef<null | "pause" | "cancel" | "background">(null);
  const mounted = useRef(true);

  // A changed choice makes the shown estimate stale: estimate again before confirming.
  useEffect(() => setEstimate(null), [defaults, more, extras, mode, urlColumn, skipDays]);

  const extraFields = parseFieldList(more);
  const fieldProblem = "error" in extraFields ? extraFields.error : null;
  const options = (): EnrichOptions => ({
    fields: [
      ...new Set([...defaults, ...("fields" in extraFields && more.trim() ? extraFields.fields : [])]),
    ],
    extras,
    mode,
    ...(skipDays > 0 ? { skipRefreshedDays: skipDays } : {}),
  });

  const request = (column = urlColumn) => ({
    options: options(),
    ...(column !== undefined ? { urlColumn: column } : {}),
  });

  /** `asked`: the user pressed a button; otherwise (first look) a problem is only a muted hint. */
  async function refreshSelection(column = urlColumn, asked = true) {
    setEstimate(null);
    try {
      setPreview(await call("enrichPreview", request(column)));
      setSelectionHint(null);
      if (asked) notices.clear();
    } catch (error) {
      setPreview(null);
      const userError = asUserError(error);
      setSelectionHint(userError.next ? `${userError.message} ${userError.next}` : userError.message);
      if (asked) notices.showError(userError);
    }
  }

  useEffect(() => {
    mounted.current = true;
    call("enrichStartup", null).then(
      (startup) => {
        setOwner(startup.owner);
        setBackground(startup.background);
        setNewSelection(startup.newSelection ?? null);
        if (startup.job && UNFINISHED.has(startup.job.state)) setProgress(startup.job);
        else if (startup.job?.state === "done" && startup.endedInBackground) {
          // Finished by the hourly trigger while the sidebar was closed: its summary.
          setProgress(startup.job);
          notices.show({ tone: "ok", message: `Finished in the background: ${doneMessage(startup.job)}` });
        } else void refreshSelection(undefined, false);
      },
      (error) => notices.showError(asUserError(error)),
    );
    return () => {
      // Closing the tab stops driving; the run stays resumable.
      mounted.current = false;
    };
  }, []);

  /** Calls steps until the run ends, the user pauses or cancels, or an error needs the user. */
  async function drive(jobId: string) {
    setDriving(true);
    stopRequest.current = null;
    try {
      for (;;) {
        if (!mounted.current) return;
        if (stopRequest.current === "pause") {
          setProgress(await call("enrichPause", { jobId }));
          return;
        }
        // After Cancel the loop goes on stepping: the server ended the run (the step answers "gone"
        // or cancelled), or it still writes the bulk jobs already paid and ends it after them.
        // Continue in the background was clicked: toBackground() sent the run to the trigger.
        if (stopRequest.current === "background") return;
        let next: EnrichProgress;
        try {
          next = await call("enrichStep", { jobId });
        } catch (error) {
          const userError = asUserError(error);
          if (stopRequest.current === "cancel" && userError.kind === "gone") return;
          if (userError.kind === "background") {
            // Sent to the background from this or another sidebar: show where it stands.
            const startup = await call("enrichStartup", null);
            setBackground(startup.background);
            if (startup.job) setProgress(startup.job);
            return;
          }
          if (userError.kind === "busy") {
            await sleep(BUSY_RETRY_MS);
            continue;
          }
          // Someone took the run over: show it read-only (with its new owner) and stop driving.
          if (userError.kind === "not_owner") {
            const startup = await call("enrichStartup", null);
            setOwner(startup.owner);
            if (startup.job) setProgress(startup.job);
          }
          throw error;
        }
        setProgress(next);
        if (next.state !== "running") {
          if (next.state === "done") notices.show({ tone: "ok", message: doneMessage(next) });
          return;
        }
      }
    } catch (error) {
      notices.showError(asUserError(error));
    } finally {
      setDriving(false);
    }
  }

  async function runEstimate() {
    if (fieldProblem) return;
    notices.clear();
    await run(async () => {
      const result = await call("enrichEstimate", request());
      setEstimate(result);
      setPreview(result.preview);
    });
  }

  async function confirm() {
    if (!estimate) return;
    await run(async () => {
      const started = await call("enrichConfirm", { jobId: estimate.progress.jobId });
      setOwner({ mine: true, label: "" });
      setProgress(started);
      setEstimate(null);
      void drive(started.jobId);
    });
  }

  // Resume and Cancel show in the run view, which has no busy state to show.
  async function resume() {
    if (!progress) return;
    await run(async () => {
      const resumed = await call("enrichResume", { jobId: progress.jobId });
      setProgress(resumed);
      if (resumed.state === "running") void drive(resumed.jobId);
    });
  }

  async function cancel() {
    if (!progress) return;
    if (driving) {
      stopRequest.current = "cancel";
      // Said at once, before any answer: the requests in flight will finish and be charged.
      setProgress({
        ...progress,
        message: {
          kind: "cancelling",
          message: "Stopping after the requests already sent: they cannot be called back.",
          next: "Their rows are written before the run ends; a summary follows.",
        },
      });
      // Beside the step in flight, the server adds what those requests may cost; the step then
      // ends the run with a summary of what was done and spent.
      try {
        setProgress(await call("enrichCancel", { jobId: progress.jobId }));
      } catch (error) {
        notices.showError(asUserError(error));
      }
      return;
    }
    await run(async () => {
      const answer = await call("enrichCancel", { jobId: progress.jobId });
      setProgress(answer);
      // Bulk jobs already paid are still polled and written before the run ends.
      if (answer.state === "running") void drive(answer.jobId);
    });
  }

  /** Sends the run to the hourly trigger (issue 23.16) and shows where it stands. */
  async function handOver(jobId: string) {
    await run(async () => {
      setBackground(await call("enrichBackground", { jobId }));
      notices.show({
        tone: "ok",
        message: "The run goes on in the background, about once an hour: you can close the sidebar.",
      });
    });
  }

  async function toBackground() {
    if (!progress) return;
    // Pressed while a step is in flight (up to half a minute on bulk jobs): the request goes at
    // once (the server runs it beside the step, or right after it), the drive loop sends no step
    // after this one, and the tab says so until the background panel shows.
    stopRequest.current = "background";
    if (driving) setProgress({ ...progress, message: HANDING_OVER });
    await handOver(progress.jobId);
  }

  async function bringBack() {
    if (!progress) return;
    await run(async () => {
      const back = await call("enrichBringBack", { jobId: progress.jobId });
      setBackground(null);
      setProgress(back);
      notices.clear();
      if (back.state === "running") void drive(back.jobId);
    });
  }

  async function cancelBackground() {
    if (!progress) return;
    await run(async () => {
      const cancelled = await call("enrichCancel", { jobId: progress.jobId });
      setBackground(null);
      setProgress(cancelled);
    });
  }

  async function cancelAndPlan() {
    if (!progress) return;
    const cancelled = await run(() => call("enrichCancel", { jobId: progress.jobId }));
    if (!cancelled) return;
    notices.show({
      tone: "info",
      message: `Cancelled the run on ${cancelled.sheetName}!${cancelled.range}.`,
    });
    setNewSelection(null);
    setProgress(null);
    void refreshSelection();
  }

  const choice =
    progress && newSelection && UNFINISHED.has(progress.state) && !driving && (owner?.mine ?? true) ? (
      <NewSelectionChoice
        progress={progress}
        selection={newSelection}
        busy={busy}
        onFinish={() => {
          setNewSelection(null);
          void resume();
        }}
        onCancelAndPlan={cancelAndPlan}
      />
    ) : null;

  if (progress && background && UNFINISHED.has(progress.state)) {
    return (
      <BackgroundPanel
        progress={progress}
        background={background}
        busy={busy}
        onCancel={cancelBackground}
        onBringBack={bringBack}
      />
    );
  }

  if (progress) {
    return (
      <>
        {choice}
        <RunView
          progress={progress}
          driving={driving}
          onPause={() => {
            stopRequest.current = "pause";
          }}
          onResume={resume}
          onCancel={cancel}
          {...(progress.capSource !== "schedule" && (owner?.mine ?? false)
            ? { onBackground: toBackground }
            : {})}
          onSelectFailed={() =>
            void run(async () => {
              const selected = await call("enrichSelectFailed", { jobId: progress.jobId });
              notices.show({
                tone: "ok",
                message: `${plural(selected.rows, "row")} selected in ${progress.sheetName}.`,
              });
            })
          }
          onNew={() => {
            setProgress(null);
            void refreshSelection();
          }}
          onRetry={(started) => {
            setProgress(started);
            void drive(started.jobId);
          }}
          owner={owner}
          onTaken={(taken) => {
            setOwner({ mine: true, label: "" });
            setProgress(taken);
            if (taken.state === "running") void drive(taken.jobId);
          }}
        />
        {/* A scheduled run: its schedule (who owns it, Continue under a raised cap) beside it. */}
        {progress.capSource === "schedule" ? <SchedulePanel request={() => request()} /> : null}
      </>
    );
  }

  // noValidate: the tab checks its own fields; the browser's checks of an input elsewhere in the
  // form (the history panel's row limit) must not silently swallow Estimate.
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void runEstimate();
      }}
    >
      <p class="muted">Refresh role, company and location in the rows of a column of profile URLs.</p>
      <Selection
        preview={preview}
        hint={selectionHint}
        urlColumn={urlColumn}
        onPick={(column) => {
          setUrlColumn(column);
          void refreshSelection(column);
        }}
        onRefresh={() => {
          setUrlColumn(undefined);
          void refreshSelection(undefined);
        }}
      />
      <FieldsChooser
        defaults={defaults}
        setDefaults={setDefaults}
        more={more}
        setMore={setMore}
        problem={fieldProblem}
      />
      <ExtrasChooser extras={extras} setExtras={setExtras} />
      <ModeChooser mode={mode} setMode={setMode} />
      <SkipRefreshedChooser days={skipDays} setDays={setSkipDays} />
      {estimate ? <EstimateView estimate={estimate} fresh={extras.up_to_the_second_fresh === true} /> : null}
      <div class="buttons">
        {estimate ? (
          <>
            <button type="button" class="action" disabled={busy} onClick={confirm}>
              Confirm &amp; run
            </button>
            <button type="button" class="secondary" onClick={() => setEstimate(null)}>
              Back
            </button>
          </>
        ) : (
          <button type="submit" class="action" disabled={busy || fieldProblem !== null}>
            Estimate
          </button>
        )}
      </div>
      <SchedulePanel request={() => request()} />
      <HistoryPanel />
    </form>
  );
}

function doneMessage(progress: EnrichProgress): string {
  const parts = [`${plural(progress.ok, "profile")} refreshed`];
  if (progress.skipped > 0) parts.push(`${progress.skipped} skipped (${skipReasons(progress.skips)})`);
  if (progress.notFound > 0) parts.push(`${progress.notFound} not found`);
  if (progress.failed + progress.interrupted > 0)
    parts.push(`${progress.failed + progress.interrupted} failed`);
  if (progress.invalidRows > 0) parts.push(`${plural(progress.invalidRows, "cell")} held no profile URL`);
  const cost =
    progress.billedIn === "usd"
      ? usdChargedText(progress.usdCharged ?? 0)
      : chargesText(progress.charges, progress.spent, progress.maybeCharged);
  return `${parts.join(", ")}; ${cost}.`;
}
