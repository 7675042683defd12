/**
 * Typed reading of a JSON request body: each getter checks one field's type and answers a
 * ValidationError that names the field. Unknown fields are refused, so a misspelt parameter shows
 * up in tests instead of being silently ignored.
 */
import { validationError } from "./failure.ts";

export type JsonObject = Record<string, unknown>;

export function parseJsonObject(text: string): JsonObject {
  let value: unknown;
  try {
    value = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw validationError(
      "the body is not valid JSON",
      "send a JSON object with Content-Type application/json",
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw validationError("the body must be a JSON object", "send a JSON object of the endpoint's fields");
  }
  return value as JsonObject;
}

export class BodyReader {
  constructor(
    private readonly body: JsonObject,
    allowed: readonly string[],
  ) {
    for (const key of Object.keys(body)) {
      if (!allowed.includes(key)) {
        throw validationError(`unknown field ${key}`, `remove ${key}; allowed fields: ${allowed.join(", ")}`);
      }
    }
  }

  has(field: string): boolean {
    return this.body[field] !== undefined && this.body[field] !== null;
  }

  boolean(field: string): boolean | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "boolean") throw validationError(`${field} must be a boolean`, `edit ${field}`);
    return value;
  }

  number(field: string, integer = false): number | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "number" || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
      throw validationError(`${field} must be ${integer ? "an integer" : "a number"}`, `edit ${field}`);
    }
    return value;
  }

  string(field: string): string | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== "string") throw validationError(`${field} must be a string`, `edit ${field}`);
    return value;
  }

  strings(field: string): string[] | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
      throw validationError(`${field} must be a list of strings`, `edit ${field}`);
    }
    return value as string[];
  }

  integers(field: string): number[] | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value) || !value.every((v) => typeof v === "number" && Number.isInteger(v))) {
      throw validationError(`${field} must be a list of integers`, `edit ${field}`);
    }
    return value as number[];
  }

  raw(field: string): unknown {
    return this.body[field];
  }
}

/** Checks every value against an enumeration, exactly as spelt (the spec gives the values). */
export function enumerated(
  field: string,
  values: string[] | undefined,
  allowed: readonly string[],
): string[] | undefined {
  if (values === undefined) return undefined;
  return values.map((value) => {
    if (!allowed.includes(value)) {
      throw validationError(
        `${field} has an unsupported value "${value}"`,
        `edit ${field}; allowed: ${allowed.join(", ")}`,
      );
    }
    return value;
  });
}
