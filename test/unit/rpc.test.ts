import { describe, expect, it } from "vitest";
import { dispatch, type RpcHandlers } from "../../src/rpc";

// Only the method under test: the cast keeps this test independent of the features' methods.
const handlers = { getServerInfo: () => ({ version: "1.2.3" }) } as unknown as RpcHandlers;
const toUserError = (e: unknown) => ({ kind: "internal", message: String((e as Error).message) });

describe("dispatch", () => {
  it("answers a known method with its value", () => {
    expect(dispatch(handlers, "getServerInfo", null, toUserError)).toEqual({
      ok: true,
      value: { version: "1.2.3" },
    });
  });

  it("answers an unknown method, including inherited names, with an error value", () => {
    for (const name of ["nope", "toString", "__proto__"]) {
      const result = dispatch(handlers, name, null, toUserError);
      expect(result.ok).toBe(false);
    }
  });

  it("turns a thrown error into an error value", () => {
    const failing = {
      getServerInfo: () => {
        throw new Error("boom");
      },
    } as unknown as RpcHandlers;
    expect(dispatch(failing, "getServerInfo", null, toUserError)).toEqual({
      ok: false,
      error: { kind: "internal", message: "boom" },
    });
  });
});
