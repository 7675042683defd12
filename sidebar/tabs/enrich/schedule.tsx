/**
 * Scheduled refresh on the Enrich tab: "Refresh this list every week / month" for the current
 * selection, fields and mode, with a spend cap per scheduled run; then the schedule, the run under
 * way or why it stopped, the last run and the next one, and one click to remove it.
 *
 * The schedule is its owner's (its trigger spends their key): everyone else sees it read-only with
 * the owner named. A run stopped at the schedule's cap continues only after the owner has seen
 * what the rest may cost under the new cap (scheduleEstimate) and confirmed it.
 */
import { useEffect, useState } from "preact/hooks";
import { skipReasons } from "../../../src/jobs/enrich/progress";
import type { EnrichRequest } from "../../../src/rpc/enrich";
import type {
  ScheduledRunView,
  ScheduleEstimate,
  SchedulePeriod,
  ScheduleView,
} from "../../../src/rpc/schedule";
import { useServerCall } from "../../components/use-server-call";
import { call } from "../../rpc-client";
import { isOthers, isWaiting, scheduleActions } from "./schedule-actions";

const when = (iso: string) => iso.replace("T", " ").replace(/:\d\dZ$/, " UTC");

function RunLine({ label, run }: { label: string; run: ScheduledRunView }) {
  return (
    <p class="muted" data-testid={`schedule-${label === "Last run" ? "last" : "current"}`}>
      <strong>{label}</strong> {when(run.startedAt)}: {run.ok} refreshed, {run.credits} credit
      {run.credits === 1 ? "" : "s"}
      {run.spentBefore
        ? ` (${run.credits + run.spentBefore} this period, with its earlier runs that the list's changes ended)`
        : ""}
      {run.skipped > 0
        ? `, ${run.skipped} skipped (${run.skips ? skipReasons(run.skips) : "refreshed within the period"})`
        : ""}
      {run.failed > 0 ? `, ${run.failed} failed` : ""}
      {run.finishedAt ? `, ${run.jobChanges} job change${run.jobChanges === 1 ? "" : "s"}` : ""}
      {run.finishedAt ? "" : run.stopped ? " so far" : " so far; continues hourly"}
    </p>
  );
}

export function SchedulePanel({ request }: { request(): EnrichRequest }) {
  const { busy, run } = useServerCall();
  const [schedule, setSchedule] = useState<ScheduleView | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [period, setPeriod] = useState<SchedulePeriod>("week");
  const [cap, setCap] = useState("500");
  const [estimate, setEstimate] = useState<ScheduleEstimate | null>(null);

  useEffect(() => {
    call("scheduleStatus", null).then(
      (answer) => {
        setSchedule(answer);
        if (answer) setCap(String(answer.cap));
        setLoaded(true);
      },
      () => setLoaded(true),
    );
  }, []);

  if (!loaded) return null;

  const save = (withList: boolean) =>
    run(async () => {
      setSchedule(
        await call("scheduleSave", {
          ...(withList ? { request: request() } : {}),
          period: schedule && !withList ? schedule.period : period,
          cap: Number(cap),
        }),
      );
      setEstimate(null);
    });
  const estimateRest = () =>
    run(async () => setEstimate(await call("scheduleEstimate", { cap: Number(cap) })));

  if (schedule) {
    const stopped = schedule.refused ?? schedule.current?.stopped ?? schedule.last?.stopped ?? null;
    const waiting = isWaiting(schedule);
    const othersSchedule = isOthers(schedule);
    const actions = scheduleActions(schedule);
    return (
      <section class="form-group" aria-label="Scheduled refresh" data-testid="schedule">
        <strong>Scheduled refresh</strong>
        <span>
          {schedule.sheetName}!{schedule.range} every {schedule.period},{" "}
          {schedule.mode === "fill" ? "filling empty cells" : "refreshing"}, at most {schedule.cap} credits a
          run.
        </span>
        {othersSchedule && schedule.owner ? (
          <p class="muted" data-testid="schedule-owner">
            This schedule belongs to {schedule.owner.label}: its runs spend their key, so only they can change
            or remove it.
          </p>
        ) : null}
        {schedule.waitUntil ? (
          <p class="notice info" data-testid="schedule-wait">
            The trigger time of the last 24 hours is used up (Settings, Trigger minutes a day): the run goes
            on after {when(schedule.waitUntil)}.
          </p>
        ) : null}
        {stopped ? (
          <div class="notice error" role="alert" data-testid="schedule-stopped">
            {waiting
              ? "The scheduled run is waiting"
              : schedule.refused
                ? "The scheduled run did not start"
                : "The scheduled run stopped"}
            : {stopped.message}
            {stopped.next ? <span class="next">{stopped.next}</span> : null}
          </div>
        ) : null}
        {schedule.current ? <RunLine label="Running" run={schedule.current} /> : null}
        {schedule.last ? <RunLine label="Last run" run={schedule.last} /> : null}
        <p class="muted" data-testid="schedule-next">
          Next run:{" "}
          {schedule.waitUntil
            ? `after ${when(schedule.waitUntil)}`
            : schedule.current
              ? schedule.current.stopped
                ? "when its owner continues it"
                : "continuing hourly"
              : when(schedule.nextRunAt)}
        </p>
        {actions.continueRun ? (
          <>
            <CapField
              cap={cap}
              setCap={(next) => {
                setCap(next);
                setEstimate(null);
              }}
            />
            {estimate ? (
              <p data-testid="schedule-estimate">
                The rest: {estimate.remaining} URL{estimate.remaining === 1 ? "" : "s"}, up to{" "}
                <strong>
                  {estimate.maxCredits} credit{estimate.maxCredits === 1 ? "" : "s"}
                </strong>{" "}
                more (
                {`${estimate.spent} spent so far${estimate.spentBefore > 0 ? `, ${estimate.spentBefore} by this period's earlier runs` : ""}; at most ${estimate.cap} a run`}
                {estimate.balance === null ? "" : `; balance ${estimate.balance.toLocaleString("en-US")}`}).
              </p>
            ) : null}
            <div class="buttons">
              {estimate ? (
                <button type="button" class="action" disabled={busy} onClick={() => void save(false)}>
                  Confirm: continue
                </button>
              ) : (
                <button type="button" class="action" disabled={busy} onClick={() => void estimateRest()}>
                  Continue…
                </button>
              )}
            </div>
          </>
        ) : null}
        {actions.saveAgain ? (
          <>
            <CapField cap={cap} setCap={setCap} />
            <div class="buttons">
              <button type="button" class="action" disabled={busy} onClick={() => void save(false)}>
                Save again
              </button>
            </div>
          </>
        ) : null}
        {othersSchedule ? null : (
          <p class="hint" data-testid="schedule-one">
            One schedule per spreadsheet: to refresh another list on a schedule, remove this one first.
          </p>
        )}
        {actions.remove ? (
          <div class="buttons">
            <button
              type="button"
              class="secondary"
              disabled={busy}
              onClick={() => void run(async () => setSchedule(await call("scheduleRemove", null)))}
            >
              Remove schedule
            </button>
          </div>
        ) : null}
      </section>
    );
  }

  return (
    <details class="form-group" data-testid="schedule">
      <summary>Refresh this list on a schedule</summary>
      <p class="hint">
        The selected rows, with the fields, extras and mode above, refreshed by Apps Script every week or
        month, without the sidebar open; rows refreshed within the period are skipped.
      </p>
      <label for="schedule-period">Refresh this list every</label>
      <select
        id="schedule-period"
        value={period}
        onChange={(e) => setPeriod(e.currentTarget.value as SchedulePeriod)}
      >
        <option value="week">week</option>
        <option value="month">month</option>
      </select>
      <CapField cap={cap} setCap={setCap} />
      <div class="buttons">
        <button type="button" class="secondary" disabled={busy} onClick={() => void save(true)}>
          Schedule refresh
        </button>
      </div>
    </details>
  );
}

/** The spend cap of one scheduled run: set when scheduling, raised to continue a stopped run. */
function CapField({ cap, setCap }: { cap: string; setCap: (cap: string) => void }) {
  return (
    <>
      <label for="schedule-cap">Credits per scheduled run</label>
      <input
        id="schedule-cap"
        type="number"
        min={1}
        value={cap}
        onInput={(e) => setCap(e.currentTarget.value)}
      />
    </>
  );
}
