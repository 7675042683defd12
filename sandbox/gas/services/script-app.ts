/**
 * ScriptApp: enums, the OAuth token, and time-driven triggers (../triggers.ts has the rules).
 * Trigger calls need the manifest's script.scriptapp scope when the runtime was given a manifest
 * ("You do not have permission to call ScriptApp.newTrigger. Required permissions: ..."), and a
 * fully authorized execution (menu, sidebar, trigger run): not a custom function, not a simple
 * trigger.
 */
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  type TriggerData,
  type TriggerSchedule,
  WEEK_DAYS,
  WEEK_MS,
} from "../triggers";
import { enter, type ServiceHost } from "./host";

export const SCRIPTAPP_SCOPE = "https://www.googleapis.com/auth/script.scriptapp";

const MINUTE_CHOICES = [1, 5, 10, 15, 30];
const HOUR_CHOICES = [1, 2, 4, 6, 8, 12];

function enumOf(names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, name]));
}

/** Enter a trigger method: counted, scope and authorization checked. */
function enterTriggers(host: ServiceHost, method: string): void {
  enter(host, `ScriptApp.${method}`);
  const scopes = host.state.manifest?.oauthScopes;
  if (Array.isArray(scopes) && !scopes.includes(SCRIPTAPP_SCOPE)) {
    throw host.exec.exception(
      `You do not have permission to call ScriptApp.${method}. Required permissions: ${SCRIPTAPP_SCOPE}`,
    );
  }
  if (host.exec.authMode !== "FULL") {
    throw host.exec.exception(`You do not have permission to call ScriptApp.${method}`);
  }
}

/** What the script holds for a trigger: reads its data by id. */
class Trigger {
  constructor(private readonly data: TriggerData) {}

  getHandlerFunction(): string {
    return this.data.handler;
  }

  getUniqueId(): string {
    return this.data.id;
  }

  getEventType(): string {
    return "CLOCK";
  }

  getTriggerSource(): string {
    return "CLOCK";
  }

  getTriggerSourceId(): null {
    return null;
  }

  toString(): string {
    return "Trigger";
  }
}

class ClockTriggerBuilder {
  private readonly schedule: TriggerSchedule = {};
  private recurrences = 0;

  constructor(
    private readonly host: ServiceHost,
    private readonly handler: string,
  ) {}

  private fail(message: string): Error {
    return this.host.exec.exception(message);
  }

  private every(ms: number): this {
    this.schedule.everyMs = ms;
    this.recurrences++;
    return this;
  }

  everyMinutes(n: unknown): this {
    if (!MINUTE_CHOICES.includes(Number(n)))
      throw this.fail("Invalid argument: minutes. Use 1, 5, 10, 15 or 30.");
    return this.every(Number(n) * MINUTE_MS);
  }

  everyHours(n: unknown): this {
    if (!HOUR_CHOICES.includes(Number(n)))
      throw this.fail("Invalid argument: hours. Use 1, 2, 4, 6, 8 or 12.");
    return this.every(Number(n) * HOUR_MS);
  }

  everyDays(n: unknown): this {
    if (!Number.isInteger(Number(n)) || Number(n) < 1) throw this.fail("Invalid argument: days");
    return this.every(Number(n) * DAY_MS);
  }

  everyWeeks(n: unknown): this {
    if (!Number.isInteger(Number(n)) || Number(n) < 1) throw this.fail("Invalid argument: weeks");
    return this.every(Number(n) * WEEK_MS);
  }

  atHour(hour: unknown): this {
    const h = Number(hour);
    if (!Number.isInteger(h) || h < 0 || h > 23) throw this.fail("Invalid argument: hour");
    this.schedule.atHour = h;
    return this;
  }

  nearMinute(minute: unknown): this {
    const m = Number(minute);
    if (!Number.isInteger(m) || m < 0 || m > 59) throw this.fail("Invalid argument: minute");
    this.schedule.nearMinute = m;
    return this;
  }

  onWeekDay(day: unknown): this {
    const index = WEEK_DAYS.indexOf(String(day));
    if (index < 0) throw this.fail("Invalid argument: day");
    this.schedule.weekDay = index;
    return this;
  }

  at(date: unknown): this {
    const time = date instanceof Object && "getTime" in date ? Number((date as Date).getTime()) : Number.NaN;
    if (!Number.isFinite(time)) throw this.fail("Invalid argument: date");
    this.schedule.at = time;
    this.recurrences++;
    return this;
  }

  after(ms: unknown): this {
    const delay = Number(ms);
    if (!Number.isFinite(delay) || delay < 0) throw this.fail("Invalid argument: durationMilliseconds");
    this.schedule.at = this.host.state.clock.now() + delay;
    this.recurrences++;
    return this;
  }

  /** The emulation runs in UTC only. */
  inTimezone(_timezone: unknown): this {
    return this;
  }

  create(): Trigger {
    enterTriggers(this.host, "TriggerBuilder.create");
    if (this.recurrences !== 1)
      throw this.fail(
        "A time-based trigger needs exactly one of everyMinutes, everyHours, everyDays, everyWeeks, at or after.",
      );
    if (this.schedule.atHour !== undefined && (this.schedule.everyMs ?? 0) < DAY_MS)
      throw this.fail("atHour needs everyDays or everyWeeks.");
    if (this.schedule.weekDay !== undefined && (this.schedule.everyMs ?? 0) < WEEK_MS)
      throw this.fail("onWeekDay needs everyWeeks.");
    const state = this.host.state;
    const added = state.triggers.add(
      this.handler,
      this.host.exec.user,
      this.schedule,
      state.clock.now(),
      state.addOn,
    );
    if (typeof added === "string") throw this.fail(added);
    return new Trigger(added);
  }
}

class TriggerBuilder {
  constructor(
    private readonly host: ServiceHost,
    private readonly handler: string,
  ) {}

  timeBased(): ClockTriggerBuilder {
    return new ClockTriggerBuilder(this.host, this.handler);
  }

  forSpreadsheet(_spreadsheet: unknown): never {
    throw this.host.exec.exception("The emulated ScriptApp supports time-based triggers only.");
  }
}

export function createScriptApp(host: ServiceHost): object {
  const mine = () =>
    host.exec.realm.Array.from(host.state.triggers.ofUser(host.exec.user).map((t) => new Trigger(t)));
  return {
    AuthMode: enumOf(["NONE", "CUSTOM_FUNCTION", "LIMITED", "FULL"]),
    EventType: enumOf(["CLOCK", "ON_OPEN", "ON_EDIT", "ON_FORM_SUBMIT", "ON_CHANGE"]),
    TriggerSource: enumOf(["SPREADSHEETS", "CLOCK", "FORMS", "DOCUMENTS", "CALENDAR"]),
    WeekDay: enumOf(WEEK_DAYS),
    getScriptId: () => "emulated-script-id",
    getOAuthToken: () => {
      enter(host, "ScriptApp.getOAuthToken");
      return "emulated-oauth-token";
    },
    newTrigger: (functionName: unknown) => {
      enterTriggers(host, "newTrigger");
      return new TriggerBuilder(host, String(functionName));
    },
    /** This project's triggers of the user running the execution. */
    getProjectTriggers: () => {
      enterTriggers(host, "getProjectTriggers");
      return mine();
    },
    getUserTriggers: (_document: unknown) => {
      enterTriggers(host, "getUserTriggers");
      return mine();
    },
    deleteTrigger: (trigger: unknown) => {
      enterTriggers(host, "deleteTrigger");
      const id = trigger instanceof Trigger ? trigger.getUniqueId() : null;
      const data = id === null ? undefined : host.state.triggers.get(id);
      if (!data || data.user !== host.exec.user) throw host.exec.exception("Invalid argument: trigger");
      host.state.triggers.remove(data.id);
    },
  };
}
