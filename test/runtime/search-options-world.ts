/**
 * The world of a search form's on-the-wire test: the built add-on in the emulated runtime against
 * the sandbox, an owner with a key and a spend cap of 1,000, an editor who has opened the sidebar
 * but saved no key, every body sent to the search path recorded, and the ledger's charges for it.
 * Registers its own beforeAll/afterAll/beforeEach: each test starts with a fresh sandbox, no
 * document properties and no results sheet.
 */
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { recordSentBodies, type SentBodies } from "./sent-bodies";
import { type AddonRuntime, DEMO_KEY, startAddonRuntime } from "./support";

export const OWNER = "user@example.com";
export const EDITOR = "editor@example.com";

export interface SearchWorld {
  /** The runtime, once started (read it inside tests). */
  readonly addon: AddonRuntime;
  bodies: SentBodies;
  /** Credits the ledger charged the owner's key on the search path. */
  charged(): Promise<number>;
  /** Calls `method` as the editor: told to add an API key, nothing sent, no ledger row at all. */
  expectEditorRefused(method: string, arg: unknown): Promise<void>;
}

export function searchOptionsWorld(path: string, resultsSheet: string): SearchWorld {
  const bodies = recordSentBodies(path);
  let addon: AddonRuntime | undefined;
  const world: SearchWorld = {
    get addon() {
      if (!addon) throw new Error("the runtime has not started");
      return addon;
    },
    bodies,
    async charged() {
      const { ledger } = await world.addon.control.stats();
      return ledger
        .filter((c) => c.key === DEMO_KEY && c.path.includes(path))
        .reduce((s, c) => s + Math.abs(c.amount), 0);
    },
    async expectEditorRefused(method, arg) {
      const answer = world.addon.runtime.rpc(method, arg, { user: EDITOR }) as {
        ok: boolean;
        error?: { message: string; next: string };
      };
      expect(answer.ok).toBe(false);
      expect(`${answer.error?.message} ${answer.error?.next}`).toMatch(/API key/i);
      expect(bodies.sent).toEqual([]);
      expect((await world.addon.control.stats()).ledger).toEqual([]);
    },
  };
  beforeAll(async () => {
    addon = await startAddonRuntime({
      userProperties: { SPEND_CAP: "1000" },
      runtime: { user: OWNER, fetchAll: bodies.fetchAll },
    });
    // The editor has opened the sidebar but never entered a key of their own.
    addon.runtime.properties.user(EDITOR).setAll({ API_BASE_URL: addon.sandboxUrl });
  });
  afterAll(async () => {
    await addon?.close();
  });
  beforeEach(async () => {
    bodies.clear();
    await world.addon.control.reset();
    world.addon.runtime.properties.document.clear();
    if (world.addon.runtime.sheets().some((s) => s.name === resultsSheet)) {
      world.addon.runtime.deleteSheet(resultsSheet);
    }
  });
  return world;
}
