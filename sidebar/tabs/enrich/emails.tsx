/**
 * The Emails panel of the Enrich tab (and the menu's "Find emails of selected rows" / "Validate
 * selected emails"): find work emails for the selected rows, or validate a column of addresses.
 * Estimate plans the selection for free; Confirm & run starts the steps, which this panel drives
 * one server call at a time; closing the sidebar pauses the run, reopening offers Resume.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { EmailEstimate, EmailProgress } from "../../../src/rpc/emails";
import type { RunOwner } from "../../../src/rpc/enrich";
import { useNotices } from "../../components/notices";
import { useServerCall } from "../../components/use-server-call";
import { asUserError, call } from "../../rpc-client";
import { EmailsEstimateView } from "./emails-estimate";
import { EmailsRunView } from "./emails-run";

type Kind = "find" | "validate";

/** Wait before trying a step again when another step holds the document lock. */
const BUSY_RETRY_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function EmailsPanel() {
  const notices = useNotices();
  const [kind, setKind] = useState<Kind>("find");
  const [open, setOpen] = useState(false);
  const [estimate, setEstimate] = useState<EmailEstimate | null>(null);
  const [progress, setProgress] = useState<EmailProgress | null>(null);
  const [owner, setOwner] = useState<RunOwner | null>(null);
  const [driving, setDriving] = useState(false);
  const { busy, run } = useServerCall();
  const pauseRequested = useRef(false);
  const mounted = useRef(true);
  const panel = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    mounted.current = true;
    call("emailsStartup", null).then(
      (startup) => {
        if (startup.focus) {
          setKind(startup.focus);
          setOpen(true);
          // The menu asked for this panel: bring it into view below the Enrich form.
          setTimeout(() => panel.current?.scrollIntoView({ block: "start" }), 0);
        }
        if (startup.job && ["running", "paused", "stopped"].includes(startup.job.state)) {
          setProgress(startup.job);
          setOwner(startup.owner);
          setOpen(true);
        }
      },
      () => undefined,
    );
    return () => {
      mounted.current = false;
    };
  }, []);

  async function drive(jobId: string) {
    setDriving(true);
    pauseRequested.current = false;
    try {
      for (;;) {
        if (!mounted.current) return;
        if (pauseRequested.current) {
          setProgress(await call("emailsPause", { jobId }));
          return;
        }
        let next: EmailProgress;
        try {
          next = await call("emailsStep", { jobId });
        } catch (error) {
          if (asUserError(error).kind === "busy") {
            await sleep(BUSY_RETRY_MS);
            continue;
          }
          throw error;
        }
        setProgress(next);
        if (next.state !== "running") return;
      }
    } catch (error) {
      notices.showError(asUserError(error));
    } finally {
      setDriving(false);
    }
  }

  const runEstimate = (make: () => Promise<EmailEstimate>) =>
    run(async () => {
      notices.clear();
      setEstimate(await make());
      setProgress(null);
    });

  async function confirm() {
    if (!estimate) return;
    await run(async () => {
      const started = await call("emailsConfirm", { jobId: estimate.progress.jobId });
      setOwner({ mine: true, label: "" });
      setEstimate(null);
      setProgress(started);
      void drive(started.jobId);
    });
  }

  const resume = (jobId: string) =>
    run(async () => {
      const resumed = await call("emailsResume", { jobId });
      setProgress(resumed);
      if (resumed.state === "running") void drive(jobId);
    });

  return (
    <details
      ref={panel}
      class="form-group"
      data-testid="emails"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <strong>Emails</strong> <span class="muted">find or validate work emails of the selected rows</span>
      </summary>
      {progress ? (
        <EmailsRunView
          progress={progress}
          driving={driving}
          owner={owner}
          busy={busy}
          onPause={() => {
            pauseRequested.current = true;
          }}
          onResume={() => void resume(progress.jobId)}
          onCancel={() =>
            void run(async () => setProgress(await call("emailsCancel", { jobId: progress.jobId })))
          }
          onRetry={() => void runEstimate(() => call("emailsRetryEstimate", { jobId: progress.jobId }))}
          onNew={() => setProgress(null)}
        />
      ) : (
        <>
          <fieldset class="form-group">
            <legend>What to do</legend>
            <label style={{ fontWeight: 400 }}>
              <input
                type="radio"
                name="emails-kind"
                checked={kind === "find"}
                onChange={() => {
                  setKind("find");
                  setEstimate(null);
                }}
              />{" "}
              Find work emails (names and company website or domain)
            </label>
            <label style={{ fontWeight: 400 }}>
              <input
                type="radio"
                name="emails-kind"
                checked={kind === "validate"}
                onChange={() => {
                  setKind("validate");
                  setEstimate(null);
                }}
              />{" "}
              Validate the addresses in an Email column
            </label>
          </fieldset>
          <p class="hint">
            Columns are found by their headers (First Name, Last Name or Full Name; Website, Company Website
            or Domain; Email). Results go to Email, Email Status and Checked At; a catch-all domain accepts
            any address, so its emails are marked catch-all, never valid.
          </p>
          {estimate ? <EmailsEstimateView estimate={estimate} /> : null}
          <div class="buttons">
            {estimate ? (
              <>
                <button
                  type="button"
                  class="action"
                  disabled={busy || estimate.rowsToSend === 0}
                  onClick={() => void confirm()}
                >
                  Confirm &amp; run
                </button>
                <button type="button" class="secondary" onClick={() => setEstimate(null)}>
                  Back
                </button>
              </>
            ) : (
              <button
                type="button"
                class="action"
                disabled={busy}
                onClick={() => void runEstimate(() => call("emailsEstimate", { kind }))}
              >
                Estimate emails
              </button>
            )}
          </div>
        </>
      )}
    </details>
  );
}
