import { once } from "node:events";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeHttp, fetchAllSync } from "../../sandbox/sync-http";
import { startTsWorker } from "../../sandbox/ts-worker";
import type { HttpRequest } from "../../src/api/ports";

let server: Worker;
let base: string;

beforeAll(async () => {
  server = startTsWorker(fileURLToPath(new URL("./support/echo-server.ts", import.meta.url)));
  const [message] = (await once(server, "message")) as [{ url: string }];
  base = message.url;
});

afterAll(async () => {
  await server.terminate();
});

function get(path: string): HttpRequest {
  return { url: `${base}${path}`, method: "get", headers: {}, muteHttpExceptions: true };
}

describe("fetchAllSync", () => {
  it("sends method, headers and JSON payload, and answers status and body", () => {
    const [outcome] = fetchAllSync([
      {
        url: `${base}/echo`,
        method: "post",
        headers: { Authorization: "Token k" },
        contentType: "application/json",
        payload: '{"a":1}',
        muteHttpExceptions: true,
      },
    ]);
    expect(outcome?.kind).toBe("response");
    if (outcome?.kind !== "response") return;
    expect(outcome.status).toBe(200);
    const echoed = JSON.parse(outcome.body) as {
      method: string;
      headers: Record<string, string>;
      body: string;
    };
    expect(echoed.method).toBe("POST");
    expect(echoed.headers.authorization).toBe("Token k");
    expect(echoed.headers["content-type"]).toBe("application/json");
    expect(echoed.body).toBe('{"a":1}');
  });

  it("answers in input order with error statuses as responses", () => {
    const outcomes = fetchAllSync([
      get("/delay/80"),
      get("/status/500"),
      get("/delay/10"),
      get("/status/429"),
    ]);
    expect(outcomes.map((o) => (o.kind === "response" ? o.status : o.kind))).toEqual([200, 500, 200, 429]);
    expect(
      outcomes.map((o) => (o.kind === "response" ? (JSON.parse(o.body) as { url: string }).url : "")),
    ).toEqual(["/delay/80", "/status/500", "/delay/10", "/status/429"]);
  });

  it("performs the requests concurrently", () => {
    fetchAllSync([get("/reset")]);
    fetchAllSync(Array.from({ length: 60 }, () => get("/delay/200")));
    const [stats] = fetchAllSync([get("/stats")]);
    const peak = stats?.kind === "response" ? (JSON.parse(stats.body) as { peak: number }).peak : 0;
    expect(peak).toBe(60);
  });

  it("reports a timeout as a failure that may have been sent", () => {
    const [outcome] = fetchAllSync([get("/delay/2000")], { timeoutMs: 100 });
    expect(outcome).toMatchObject({ kind: "failure", reason: "timeout", sent: true });
  });

  it("reports a refused connection as a failure that surely was not sent", async () => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1");
    await once(probe, "listening");
    const address = probe.address();
    const port = typeof address === "object" && address ? address.port : 0;
    probe.close();
    await once(probe, "close");
    const [outcome] = createNodeHttp().fetchAll([{ ...get(""), url: `http://127.0.0.1:${port}/` }]);
    expect(outcome).toMatchObject({ kind: "failure", reason: "network", sent: false });
  });

  it("reports a request Node cannot build as not sent, and keeps working", () => {
    const [bad, good] = fetchAllSync([{ ...get("/echo"), headers: { "X-Bad": "a\r\nb" } }, get("/echo")]);
    expect(bad).toMatchObject({ kind: "failure", reason: "network", sent: false });
    expect(good).toMatchObject({ kind: "response", status: 200 });
  });

  it("answers an empty list without a round trip", () => {
    expect(fetchAllSync([])).toEqual([]);
  });
});
