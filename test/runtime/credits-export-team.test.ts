/**
 * The Credits export on one shared spreadsheet: the owner (with their key), an editor with a key of
 * their own (another account) and an editor with none, in the emulated runtime (built add-on,
 * sandbox API). Keys are per user, so each export lists the account of the key of whoever runs it:
 * the sheet says whose it is, an export that would put another account's transactions in place of
 * the ones there says so before it writes, and an editor without a key is told that the sheet (the
 * owner's export) stays. The transaction list is free: the ledger charges nobody for any of it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sandboxAccountEmail } from "../../sandbox/api/account-me";
import { ledgerCredits } from "../../sandbox/api/control";
import type { CreditsExportResult, CreditsSummary } from "../../src/rpc/credits";
import { type AddonRuntime, DEMO_KEY, startAddonRuntime } from "./support";

const OWNER = "user@example.com";
const EDITOR = "editor@example.com";
const EDITOR_KEY = "editor-own-key";
const NO_KEY_EDITOR = "nokey@example.com";
let addon: AddonRuntime;

function exportAs(user: string, replace: boolean): CreditsExportResult {
  const answer = addon.runtime.rpc("creditsExport", { filters: {}, replace }, { user }) as {
    ok: boolean;
    value?: CreditsExportResult;
    error?: unknown;
  };
  if (!answer.ok) throw new Error(`creditsExport failed: ${JSON.stringify(answer.error)}`);
  return answer.value!;
}

const inputs = () => addon.runtime.getSheetCells("Transactions").map((row) => row.map((c) => c.input));

beforeAll(async () => {
  addon = await startAddonRuntime({ runtime: { spreadsheet: { sheets: [{ name: "Sheet1" }] } } });
  addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl, API_KEY: EDITOR_KEY });
  addon.runtime.properties.user(NO_KEY_EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl });
});
afterAll(async () => {
  await addon?.close();
});
beforeEach(async () => {
  await addon.control.reset();
  await addon.control.setCredits(EDITOR_KEY, 300);
});

describe("Credits export on a shared spreadsheet", () => {
  it("says whose account each export lists, and asks before another account's export takes the owner's place", async () => {
    const charged = await ledgerCredits(addon.control);
    const owner = sandboxAccountEmail(DEMO_KEY);
    const editor = sandboxAccountEmail(EDITOR_KEY);
    expect(exportAs(OWNER, false)).toMatchObject({ status: "done", account: owner, replaced: null });
    const ownersExport = inputs();

    // The editor's key lists their own account: said before anything is replaced.
    const ask = exportAs(EDITOR, false);
    expect(ask).toMatchObject({
      status: "confirm",
      reason: "replace",
      account: editor,
      listed: { account: owner, by: OWNER, rows: ownersExport.length - 1 },
    });
    expect(inputs()).toEqual(ownersExport);

    const done = exportAs(EDITOR, true);
    expect(done).toMatchObject({ status: "done", account: editor, replaced: owner });
    expect(inputs()).not.toEqual(ownersExport);
    expect(addon.runtime.getCell("Transactions", "A1").note).toMatch(
      new RegExp(`^Credit transactions of ${editor}, exported by ${EDITOR} on `),
    );

    // The owner, next: told the sheet now lists the editor's account.
    expect(exportAs(OWNER, false)).toMatchObject({
      status: "confirm",
      account: owner,
      listed: { account: editor, by: EDITOR },
    });
    // Free, for everyone.
    expect(await ledgerCredits(addon.control)).toBe(charged);
  });

  it("tells an editor without a key that the export lists their own key's account, and leaves the owner's export", async () => {
    expect(exportAs(OWNER, true)).toMatchObject({ status: "done" });
    const ownersExport = inputs();
    const answer = exportAs(NO_KEY_EDITOR, true);
    expect(answer).toMatchObject({
      status: "failed",
      error: {
        kind: "auth",
        message: expect.stringMatching(
          new RegExp(
            `No API key is saved for you.*Transactions sheet stays as it is: it lists the transactions of ${sandboxAccountEmail(DEMO_KEY)}, exported by ${OWNER}`,
          ),
        ),
        next: expect.stringMatching(/kept per user.*Settings/),
      },
    });
    expect(inputs()).toEqual(ownersExport);
    const summary = addon.runtime.rpc("creditsSummary", null, { user: NO_KEY_EDITOR }) as {
      value: CreditsSummary;
    };
    expect(summary.value).toMatchObject({
      ok: false,
      error: { kind: "auth", message: expect.stringMatching(/No API key is saved for you/) },
    });
  });
});
