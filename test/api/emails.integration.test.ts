/**
 * Issue 21 item 1: the email finder and validator against the sandbox: production's shapes,
 * deterministic outcomes, the charge rule as a control, and the fault matrix of both endpoints
 * (what the client reports against what the sandbox's ledger charged).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SandboxControl, sandboxControl } from "../../sandbox/api/control";
import { addressOf } from "../../sandbox/api/email-outcomes";
import { type SandboxThread, startSandboxThread } from "../../sandbox/api/thread";
import { createNodeHttp } from "../../sandbox/sync-http";
import type { EmailBatchResult } from "../../src/api/client";
import type { Http, HttpRequest } from "../../src/api/ports";
import { PATHS } from "../../src/api/wire";
import { sandboxClient } from "./support/sandbox-client";

let sandbox: SandboxThread;
let control: SandboxControl;
const far = () => Date.now() + 600_000;

beforeAll(async () => {
  sandbox = await startSandboxThread({ latencyMs: 0, seed: 7 });
  control = sandboxControl(sandbox.url);
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(async () => {
  await control.reset();
  await control.configure({ latencyMs: 0, faults: [] });
});

async function ledger(kind: "email_finder" | "email_validator"): Promise<number> {
  const path = kind === "email_finder" ? PATHS.emailFinder : PATHS.emailValidator;
  return (await control.stats()).ledger
    .filter((e) => e.path === path)
    .reduce((s, e) => s + Math.abs(e.amount), 0);
}

/** A CRM export's people: ordinary, catch-all, no mail server, failing domains, duplicates, a blank row. */
const PEOPLE = [
  { first_name: "Jane", last_name: "Doe", domain: "acme-one.com" },
  { first_name: "José", last_name: "García-López", domain: "acme-two.com" },
  { first_name: "Ann", last_name: "Lee", domain: "shop-catchall.com" },
  { first_name: "Bob", last_name: "Stone", domain: "quiet-nomx.com" },
  { first_name: "Eve", last_name: "Park", domain: "flaky-mailerror.com" },
  { first_name: "Max", last_name: "Notfound", domain: "acme-one.com" },
  { first_name: "jane", last_name: "DOE", domain: "ACME-ONE.com" },
  { first_name: "", last_name: "", domain: "" },
];

/** A blocking Http that records what each request carried (`pick`) into `sink`. */
function recording(sink: string[], pick: (r: HttpRequest) => string): Http {
  const http = createNodeHttp({ timeoutMs: 20_000 });
  return {
    fetchAll: (batch) => {
      sink.push(...batch.map(pick));
      return http.fetchAll(batch);
    },
  };
}

function statuses(result: EmailBatchResult): string[] {
  return result.outcomes.map((o) =>
    o === null ? "unsent" : o.ok ? o.value.status : `error:${o.error.kind}`,
  );
}

describe("email finder", () => {
  it("answers each row in order, catch-all apart from valid, and charges per valid email found", async () => {
    const payloads: string[] = [];
    const client = sandboxClient(sandbox.url, {
      emailRowsPerCall: 3,
      http: recording(payloads, (r) => r.payload ?? "[]"),
    });
    const result = client.findEmails(PEOPLE, { deadline: far() });
    expect(statuses(result)).toEqual([
      "valid",
      "valid",
      "catch-all",
      "not found",
      "error:server",
      "not found",
      "valid",
      "error:validation",
    ]);
    const first = result.outcomes[0];
    expect(first?.ok && first.value.email).toBe(addressOf("Jane", "Doe", "acme-one.com"));
    // The duplicate (case aside) shares the first answer: 6 distinct valid rows in calls of 3.
    expect(payloads.map((p) => JSON.parse(p).length)).toEqual([3, 3]);
    expect(result.rowsAnswered).toBe(6);
    // Valid emails found: Jane, José, and the catch-all's guess (production's result "valid").
    expect(await ledger("email_finder")).toBe(3);
  });

  it("charges per row sent when the API's rule is per row (the control)", async () => {
    await control.configure({ emailCharge: "per_row" });
    const result = sandboxClient(sandbox.url).findEmails(PEOPLE, { deadline: far() });
    expect(result.rowsAnswered).toBe(6);
    expect(await ledger("email_finder")).toBe(6);
  });

  it("sends a domain taken from a website, and nothing for rows that cannot be asked", async () => {
    const sent: string[] = [];
    const client = sandboxClient(sandbox.url, { http: recording(sent, (r) => r.payload ?? "") });
    const result = client.findEmails([{ first_name: "Jane", last_name: "Doe", domain: "acme" }], {
      deadline: far(),
    });
    expect(statuses(result)).toEqual(["error:validation"]);
    expect(sent).toEqual([]);
    expect(await ledger("email_finder")).toBe(0);
  });
});

describe("email validator", () => {
  it("answers each address, sends one address once, and charges per address sent", async () => {
    const valid = addressOf("Jane", "Doe", "acme-one.com");
    const addresses = [
      valid,
      valid.toUpperCase(),
      "someone@shop-catchall.com",
      "bob@quiet-nomx.com",
      "not-an-address",
      ` ${valid} `,
    ];
    const result = sandboxClient(sandbox.url).validateEmails(addresses, { deadline: far() });
    expect(statuses(result)).toEqual(["valid", "valid", "catch-all", "invalid", "error:validation", "valid"]);
    expect(result.rowsAnswered).toBe(3);
    expect(await ledger("email_validator")).toBe(3);
  });
});

describe("fault matrix of both endpoints: reported against the ledger", () => {
  const ROWS = Array.from({ length: 30 }, (_, i) => ({
    first_name: `Person${String.fromCharCode(97 + (i % 26))}`,
    last_name: `Family${i}`,
    domain: `firm${i % 7}.com`,
  }));
  const ADDRESSES = ROWS.map((r) => `${r.first_name.toLowerCase()}@${r.domain}`);

  type Run = (rowsPerCall: number) => EmailBatchResult;
  const endpoints: Array<[string, "email_finder" | "email_validator", Run]> = [
    [
      "finder",
      "email_finder",
      (n) =>
        sandboxClient(sandbox.url, {
          emailRowsPerCall: n,
          http: createNodeHttp({ timeoutMs: 400 }),
        }).findEmails(ROWS, { deadline: far() }),
    ],
    [
      "validator",
      "email_validator",
      (n) =>
        sandboxClient(sandbox.url, {
          emailRowsPerCall: n,
          http: createNodeHttp({ timeoutMs: 400 }),
        }).validateEmails(ADDRESSES, { deadline: far() }),
    ],
  ];

  /** Every row is answered, failed with a reason, or unsent; the maybe-charged ones are counted. */
  function accounted(result: EmailBatchResult): void {
    expect(result.outcomes.every((o) => o !== null)).toBe(true);
    const maybe = result.outcomes.filter(
      (o) => o !== null && !o.ok && o.error.charged === "maybe" && o.error.kind !== "server",
    ).length;
    expect(maybe).toBeLessThanOrEqual(result.rowsMaybeCharged);
  }

  for (const [name, kind, run] of endpoints) {
    const path = kind === "email_finder" ? PATHS.emailFinder : PATHS.emailValidator;

    it(`${name}: throttling is sent again until answered, charged once`, async () => {
      await control.configure({ faults: [{ kind: "throttle", path, count: 2 }] });
      const result = run(5);
      accounted(result);
      expect(result.rowsMaybeCharged).toBe(0);
      expect(result.rowsAnswered).toBe(30);
      expect((await control.stats()).requests[path]).toBe(8);
      await control.configure({ faults: [] });
      const cleanLedger = await ledger(kind);
      await control.reset();
      run(5);
      expect(cleanLedger).toBe(await ledger(kind));
    });

    it(`${name}: a 500 after sending is never sent again; its rows say they may have been charged`, async () => {
      await control.configure({ faults: [{ kind: "server_error", path, count: 1 }] });
      const result = run(5);
      accounted(result);
      expect((await control.stats()).requests[path]).toBe(6);
      expect(result.rowsMaybeCharged).toBe(5);
      expect(
        result.outcomes.filter(
          (o) => o !== null && !o.ok && o.error.kind === "server" && o.error.status === 500,
        ),
      ).toHaveLength(5);
      expect(result.rowsAnswered).toBe(25);
    });

    it(`${name}: an unreadable 200 is as good as no answer, never resent`, async () => {
      await control.configure({ faults: [{ kind: "malformed", path, count: 1 }] });
      const result = run(10);
      expect((await control.stats()).requests[path]).toBe(3);
      expect(result.rowsMaybeCharged).toBe(10);
      expect(result.outcomes.filter((o) => o !== null && !o.ok && o.error.kind === "malformed")).toHaveLength(
        10,
      );
    });

    it(`${name}: an answer past the fetch timeout is charged by the API but not resent`, async () => {
      await control.configure({ faults: [{ kind: "slow", path, count: 1, delayMs: 700 }] });
      const result = run(10);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await control.stats()).requests[path]).toBe(3);
      expect(result.rowsMaybeCharged).toBe(10);
      expect(result.outcomes.filter((o) => o !== null && !o.ok && o.error.kind === "timeout")).toHaveLength(
        10,
      );
      // The ledger holds all three calls: what the add-on calls "may have been charged" was.
      await control.configure({ faults: [] });
      const charged = await ledger(kind);
      await control.reset();
      run(10);
      expect(charged).toBe(await ledger(kind));
    });

    it(`${name}: a 403 (plan not entitled) stops the batch; nothing more is sent or charged`, async () => {
      await control.configure({ faults: [{ kind: "client_error", path, status: 403 }] });
      const result = run(5);
      expect(result.stoppedBy?.kind).toBe("forbidden");
      expect(result.stoppedBy?.message).toContain(name === "finder" ? "email finder" : "email validator");
      expect((await control.stats()).requests[path]).toBeLessThanOrEqual(5);
      expect(await ledger(kind)).toBe(0);
    });

    it(`${name}: out of credits stops the batch; the rows not sent are safe to send later`, async () => {
      await control.setCredits("sandbox-demo-key", 0);
      const result = run(5);
      expect(result.stoppedBy?.kind).toBe("insufficient_funds");
      expect(result.rowsAnswered).toBe(0);
      expect(await ledger(kind)).toBe(0);
    });
  }
});

describe("under production's network name (PRODUCTION.md A14)", () => {
  it("both endpoints are sent under the name and answered", async () => {
    const named = await startSandboxThread({
      latencyMs: 0,
      seed: 7,
      networkName: "acme",
      companyDbName: "acmedb",
    });
    try {
      const sent: string[] = [];
      const client = sandboxClient(named.url, {
        wireNames: { network: "acme", companyDb: "acmedb" },
        http: recording(sent, (r) => r.url),
      });
      expect(statuses(client.findEmails(PEOPLE.slice(0, 1), { deadline: far() }))).toEqual(["valid"]);
      expect(statuses(client.validateEmails(["a@shop-catchall.com"], { deadline: far() }))).toEqual([
        "catch-all",
      ]);
      expect(sent).toEqual([`${named.url}/api/acme/email_finder/`, `${named.url}/api/acme/email_validator/`]);
    } finally {
      await named.close();
    }
  });
});
