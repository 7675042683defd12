/**
 * A thrown error -> what the sidebar shows. Errors meant for the user (JobError, ApiError) carry
 * their kind and next step and pass as they are, shortened. A JavaScript fault of our own
 * (TypeError, RangeError...) is a bug, not something the user can act on: its text ("Cannot
 * read properties of null") and any stack stay on the server, and the user gets a plain message.
 */
import { redactCredentials } from "../api/redact";
import type { UserError } from "../rpc";

/** Longest message or next step sent to the sidebar (an echoed 50,000-character input is clipped). */
export const MAX_MESSAGE = 400;

const JS_FAULTS = ["TypeError", "RangeError", "ReferenceError", "SyntaxError", "EvalError", "URIError"];

const INTERNAL: UserError = {
  kind: "internal",
  message: "The add-on could not finish this request (an internal error).",
  next: "Try again; if it happens again, reload the sidebar.",
};

/** The first line only (no stack), no credentials, at most MAX_MESSAGE characters. */
export function clipped(text: string): string {
  const line = redactCredentials(text.split("\n")[0] ?? "");
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE - 1)}…` : line;
}

export function toUserError(error: unknown): UserError {
  // By name, not instanceof: an error thrown by a service may come from another realm.
  const { name, kind, next } = Object(error) as { name?: unknown; kind?: unknown; next?: unknown };
  if (typeof name === "string" && JS_FAULTS.includes(name)) return INTERNAL;
  const message = clipped(error instanceof Error ? error.message : String(error));
  return {
    kind: typeof kind === "string" ? clipped(kind) : "internal",
    message,
    ...(typeof next === "string" ? { next: clipped(next) } : {}),
  };
}
