/**
 * What a row's status says when its URL got an error, and why pending rows wait when a run stops
 * on an error no retry fixes: shared by the lookup path (step.ts) and the bulk-job path (bulk/).
 */
import { type ApiError, stopsBatch } from "../../api/errors";
import { STATUS_TEXT } from "./row-writer";

/**
 * Errors refused before any charge that every other URL would meet too (the client's batch stops
 * on the same ones): the URL stays pending for after the user acts or the day turns.
 */
export function refusesEveryUrl(error: ApiError): boolean {
  return stopsBatch(error);
}

/** The status of a row whose URL met `error` (final for this run). */
export function errorStatus(error: ApiError): string {
  if (error.kind === "not_found" && error.charged === "no") return STATUS_TEXT.notFound;
  return `error: ${error.message}${error.hint ? ` (${error.hint})` : ""}${
    error.charged !== "maybe"
      ? ""
      : error.kind === "timeout"
        ? " Select the row and run again to retry (it pays again if the first was charged)."
        : " It may have been charged; select the row and run again to retry."
  }`;
}

/** What the rows still pending say after the run stopped on `refused`. */
export function pendingBecause(refused: ApiError): string {
  return refused.kind === "auth"
    ? "not enriched yet: the API key was not accepted; fix it in Settings, then Resume"
    : refused.kind === "forbidden"
      ? "not enriched yet: your plan does not include this lookup; then Resume"
      : refused.kind === "quota"
        ? "not enriched yet: Apps Script's daily limit of web requests is used up (nothing sent, nothing charged); Resume tomorrow"
        : refused.kind === "daily_limit"
          ? "not enriched yet: your API account's daily limit is reached (not charged); Resume tomorrow"
          : refused.kind === "validation"
            ? "not enriched yet: the API refused the request as invalid (not charged); see the run's message, then Resume"
            : refused.kind === "configuration"
              ? "not enriched yet: the add-on's API address or network name does not match the API (not charged); fix it, then Resume"
              : "not enriched yet: out of credits; top up, then Resume";
}
