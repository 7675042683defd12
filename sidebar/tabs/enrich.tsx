/**
 * The Enrich tab: refresh rows of profile URLs in place. The user picks the fields, the extras and
 * the mode; Estimate plans the selection (nothing charged) and shows distinct URLs, the most it can
 * cost, the balance and the spend cap; Confirm & run starts the steps, which this tab drives one
 * server call at a time (each well under Apps Script's 6 minutes). Closing the sidebar pauses the
 * run; reopening offers to resume it.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { DEFAULT_SKIP_REFRESHED_DAYS } from "../../src/jobs/enrich/options";
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
import { useNotices } from "../components/notices";
import { plural } from "../components/plural";
import { useServerCall } from "../components/use-server-call";
import { asUserError, call } from "../rpc-client";
import { BackgroundPanel } from "./enrich/background";
import { doneMessage } from "./enrich/done-message";
import { EmailsPanel } from "./enrich/emails";
import { EstimateView } from "./enrich/estimate";
import { ExtrasChooser } from "./enrich/extras";
import { FieldsChooser } from "./enrich/fields";
import { HistoryPanel } from "./enrich/history";
import { ModeChooser } from "./enrich/mode";
import { NewSelectionChoice } from "./enrich/new-selection";
import { ResendMaybeCharged } from "./enrich/resend-maybe-charged";
import { HANDING_OVER, RunView } from "./enrich/run";
import { SchedulePanel } from "./enrich/schedule";
import { Selection } from "./enrich/selection";
import { SkipRefreshedChooser } from "./enrich/skip-refreshed";
import { WorkEmailChooser } from "./enrich/work-email";

type Extras = EnrichOptions["extras"];

const UNFINISHED = new Set(["running", "paused", "stopped"]);
/** Wait before trying a step again when another step holds the document lock. */
const BUSY_RETRY_MS = 2000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  const [resendMaybeCharged, setResendMaybeCharged] = useState(false);
  // Paid (up to a credit a profile): off unless the user ticks it.
  const [workEmail, setWorkEmail] = useState(false);
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
  useEffect(
    () => setEstimate(null),
    [defaults, more, extras, mode, urlColumn, skipDays, workEmail, resendMaybeCharged],
  );

  const extraFields = parseFieldList(more);
  const fieldProblem = "error" in extraFields ? extraFields.error : null;
  const options = (): EnrichOptions => ({
    fields: [
      ...new Set([...defaults, ...("fields" in extraFields && more.trim() ? extraFields.fields : [])]),
    ],
    extras,
    mode,
    ...(skipDays > 0 ? { skipRefreshedDays: skipDays } : {}),
    ...(resendMaybeCharged ? { resendMaybeCharged: true } : {}),
    ...(workEmail ? { workEmail: true } : {}),
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
        {/* The menu's Emails items land here too while an Enrich run is shown. */}
        <EmailsPanel />
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
      <WorkEmailChooser on={workEmail} setOn={setWorkEmail} />
      <ModeChooser mode={mode} setMode={setMode} />
      <SkipRefreshedChooser days={skipDays} setDays={setSkipDays} />
      <ResendMaybeCharged checked={resendMaybeCharged} setChecked={setResendMaybeCharged} />
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
      <EmailsPanel />
      <SchedulePanel request={() => request()} />
      <HistoryPanel />
    </form>
  );
}
