import { describe, expect, it } from "vitest";
import { dispatch, type RpcHandlers, type RpcShapes } from "../../src/rpc";
import { RPC_SHAPES } from "../../src/rpc/guards";
import { toUserError as toUserErrorOfMain } from "../../src/rpc/user-error";

// Only the method under test: the cast keeps this test independent of the features' methods.
const handlers = { getServerInfo: () => ({ version: "1.2.3" }) } as unknown as RpcHandlers;
const shapes: RpcShapes = RPC_SHAPES;
const toUserError = (e: unknown) => ({ kind: "internal", message: String((e as Error).message) });

describe("dispatch", () => {
  it("answers a known method with its value", () => {
    expect(dispatch(handlers, shapes, "getServerInfo", null, toUserError)).toEqual({
      ok: true,
      value: { version: "1.2.3" },
    });
  });

  it("answers an unknown method, including inherited names, with an error value", () => {
    for (const name of ["nope", "toString", "__proto__"]) {
      const result = dispatch(handlers, shapes, name, null, toUserError);
      expect(result.ok).toBe(false);
    }
  });

  it("turns a thrown error into an error value", () => {
    const failing = {
      getServerInfo: () => {
        throw new Error("boom");
      },
    } as unknown as RpcHandlers;
    expect(dispatch(failing, shapes, "getServerInfo", null, toUserError)).toEqual({
      ok: false,
      error: { kind: "internal", message: "boom" },
    });
  });
});

describe("toUserError", () => {
  it("keeps a JavaScript fault's text and stack on the server", () => {
    const error = toUserErrorOfMain(new TypeError("Cannot read properties of null (reading 'kind')"));
    expect(error.kind).toBe("internal");
    expect(JSON.stringify(error)).not.toMatch(/TypeError|Cannot read|kind'/);
  });

  it("passes a user error's kind and next step, clipped to one line", () => {
    const error = Object.assign(new Error(`${"x".repeat(5_000)}\n    at handler (Code.js:1:2)`), {
      kind: "bad_request",
      next: "Fix it.",
    });
    const answer = toUserErrorOfMain(error);
    expect(answer).toMatchObject({ kind: "bad_request", next: "Fix it." });
    expect(answer.message.length).toBeLessThanOrEqual(400);
    expect(answer.message).not.toContain("Code.js");
  });
});
