/**
 * Errors as values with a known set of kinds. Every kind carries a message a sales user
 * understands and a next step, so the sidebar, the formulas and the enrichment job can show an
 * error without knowing HTTP.
 */

export type ApiErrorKind =
  | "validation"
  | "auth"
  | "insufficient_funds"
  | "forbidden"
  | "not_found"
  | "throttled"
  | "server"
  | "timeout"
  | "network"
  | "malformed"
  | "quota"
  | "daily_limit"
  | "configuration";

/** One broken rule found before sending: where (the field's path) and how to fix it. */
export interface Problem {
  /** Path of the field, for example `personas[0][1]` or `keywords[3]`. */
  path: string;
  message: string;
  hint: string;
}

export interface ApiError {
  kind: ApiErrorKind;
  /** HTTP status, when an answer was read. */
  status?: number;
  /** What went wrong, for a sales user. */
  message: string;
  /** What to do next. */
  next: string;
  /** The server's detail or Hint, verbatim (validation errors). */
  hint?: string;
  /** Whether the request may have cost credits. */
  charged: "no" | "maybe";
  /** Local validation: every problem found before sending. */
  problems?: Problem[];
}

interface KindText {
  message: string;
  next: string;
}

const TEXT: Record<ApiErrorKind, KindText> = {
  validation: {
    message: "The API did not accept the request.",
    next: "Fix the field named in the hint and try again. Nothing was charged.",
  },
  auth: {
    message: "The API key was not accepted.",
    next: "Open Settings and paste your API key again, exactly as your account page shows it.",
  },
  insufficient_funds: {
    message: "Your account is out of credits.",
    next: "Top up your credits, then run it again: finished rows are kept and will not be charged again.",
  },
  forbidden: {
    message: "Your API plan is not entitled to this endpoint.",
    next: "Check your subscription, or contact the API provider to enable it.",
  },
  not_found: {
    message: "No profile was found at this URL.",
    next: "Check the URL for typos, or open it in a browser to see whether the profile still exists.",
  },
  throttled: {
    message: "The API is busy with too many requests from your key.",
    next: "Wait a minute and run it again; lower the chunk size in Settings if it keeps happening.",
  },
  server: {
    message: "The API had a temporary problem.",
    next: "Try again in a few minutes.",
  },
  timeout: {
    message:
      "The API did not answer within about 60 s (Apps Script's limit for one request) and may have been charged; it is not sent again by itself.",
    next: "Check the balance or the Credits tab first, then try again later if it was not charged.",
  },
  network: {
    message: "The API could not be reached.",
    next: "Check the API address in Settings and your connection, then try again.",
  },
  malformed: {
    message: "The API sent an answer the add-on could not read.",
    next: "Try again; if it persists, report it with the time of the request.",
  },
  daily_limit: {
    message: "Your API account's daily limit of searches is reached; the searches not made were not charged.",
    next: "Run the rest tomorrow (what is done is kept), or ask the API provider to raise your account's daily limit.",
  },
  configuration: {
    message: "The add-on's API address or network name does not match the API.",
    next: "Check the API address in Settings and the network name the add-on was built with (API_NETWORK_NAME). Nothing was charged.",
  },
  quota: {
    message:
      "Apps Script's daily limit of web requests for your Google account is used up; nothing was sent.",
    next: "Google resets it within 24 hours of your first request of the day (it does not say exactly when): try again tomorrow. Nothing was charged.",
  },
};

/** An error of `kind` with its standard message and next step; `extra` overrides or adds fields. */
export function apiError(
  kind: ApiErrorKind,
  extra: Partial<Omit<ApiError, "kind">> & { charged: ApiError["charged"] },
): ApiError {
  return { kind, message: TEXT[kind].message, next: TEXT[kind].next, ...extra };
}

/**
 * The start every message of `kind` shares, the standard one and those that name an endpoint or
 * an address after it: what a cell showing such a message begins with (formula freezing).
 */
export function messageStart(kind: ApiErrorKind): string {
  return TEXT[kind].message.replace(/\.$/, "");
}

/** The local validation error: every problem at once, nothing sent. */
export function validationError(problems: Problem[]): ApiError {
  const count = problems.length === 1 ? "1 field needs" : `${problems.length} fields need`;
  return apiError("validation", {
    message: `${count} fixing before anything is sent: ${problems.map((p) => `${p.path}: ${p.message}`).join("; ")}.`,
    next: problems.map((p) => p.hint).join(" "),
    charged: "no",
    problems,
  });
}

/**
 * Errors that end a whole batch: no later request can succeed until the user acts (a key, credits,
 * a plan that includes the endpoint, the add-on's API address or network name) or the day turns
 * (the platform's URL Fetch quota, the account's daily search limit). Every request of a batch goes
 * to one endpoint, so a 403 (the plan is not entitled to it) or a path the API does not serve
 * would meet every other request too: they are not sent (PRODUCTION.md A18: a 4xx is final).
 */
export function stopsBatch(error: ApiError): boolean {
  return (
    error.kind === "auth" ||
    error.kind === "insufficient_funds" ||
    error.kind === "quota" ||
    error.kind === "daily_limit" ||
    error.kind === "forbidden" ||
    error.kind === "configuration"
  );
}
