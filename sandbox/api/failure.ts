/** Failures an endpoint answers with. All of them are free: a failed request never charges. */
import type { ErrorBody } from "../../src/api/wire.ts";

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | Record<string, unknown>,
  ) {
    super(typeof detail === "string" ? detail : JSON.stringify(detail));
  }

  body(): ErrorBody {
    return { status: "error", status_code: this.status, detail: this.detail };
  }
}

/**
 * A ValidationError (400). The detail is one text: "ValidationError: <what>. Hint: <what to edit>"
 * (sandbox/README.md), so a client can show it whole or split the Hint off.
 */
export function validationError(what: string, hint: string): ApiFailure {
  return new ApiFailure(400, `ValidationError: ${what}. Hint: ${hint}`);
}
