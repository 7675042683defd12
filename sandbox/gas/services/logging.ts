/**
 * Logger and console: what the add-on logs is kept in the runtime's `logs` (per execution), so
 * tests can check, for example, that the API key never reaches a log line.
 */
import { format } from "node:util";
import { enter, type ServiceHost } from "./host";

export interface LogEntry {
  executionId: number;
  level: "log" | "info" | "warn" | "error" | "debug";
  message: string;
}

/** Lines kept (the oldest go first), so long benchmark runs do not grow without bound. */
export const MAX_LOG_ENTRIES = 10_000;

function log(host: ServiceHost, level: LogEntry["level"], args: unknown[]): void {
  const logs = host.state.logs;
  logs.push({ executionId: host.exec.id, level, message: format(...args) });
  if (logs.length > MAX_LOG_ENTRIES) logs.splice(0, logs.length - MAX_LOG_ENTRIES);
}

export function createLogger(host: ServiceHost): object {
  const logger = {
    log: (...args: unknown[]) => {
      enter(host, "Logger.log");
      // Logger.log("a %s", x) formats like Utilities.formatString.
      log(host, "log", args);
      return logger;
    },
    getLog: () =>
      host.state.logs
        .filter((e) => e.executionId === host.exec.id)
        .map((e) => e.message)
        .join("\n"),
    clear: () => {
      host.state.logs.splice(
        0,
        host.state.logs.length,
        ...host.state.logs.filter((e) => e.executionId !== host.exec.id),
      );
    },
  };
  return logger;
}

export function createConsole(host: ServiceHost): object {
  const to =
    (level: LogEntry["level"]) =>
    (...args: unknown[]) => {
      enter(host, "console.log");
      log(host, level, args);
    };
  return { log: to("log"), info: to("info"), warn: to("warn"), error: to("error"), debug: to("debug") };
}
