/** The Settings tab's server methods. None of them returns the key: only its masked form. */
import type { RpcHandlers } from "../rpc";
import type { ConnectionTest, SaveSettingsResult, SettingsChange } from "../rpc/settings";
import { formulaSpentToday } from "./formula-budget";
import { forgetCachedBalance } from "./lookup-cache";
import type { Settings } from "./settings";
import { connectClient, hasApiKey, readAccountAgain } from "./settings-client";
import {
  checkSettingsChange,
  readSettings,
  removeSavedApiKey,
  saveSettingsUpdates,
  settingsWith,
  toSettingsView,
} from "./settings-store";

const NO_CREDITS = "This key has no credits: lookups and searches will fail until credits are added to it.";

/** The free account call with these settings: proves the key and the address. */
function checkConnection(settings: Settings): ConnectionTest {
  const baseUrl = settings.baseUrl;
  if (!hasApiKey(settings)) {
    return {
      ok: false,
      baseUrl,
      error: {
        kind: "auth",
        message: "No API key is saved yet.",
        next: "Paste your key above and press Save.",
      },
    };
  }
  // The network's paths under the built name (a free refused lookup): users/me below has a path
  // that carries no name, so it alone would pass with the wrong one (PRODUCTION.md A14).
  const served = connectClient(settings).servesNetworkPaths();
  if (!served.ok) {
    const { kind, message, next } = served.error;
    return { ok: false, baseUrl, error: { kind, message, next } };
  }
  // users/me is free: it proves the key and the address, and answers the spendable balance
  // (PRODUCTION.md A9; the latest transaction's after_balance is a per-operation counter).
  const account = readAccountAgain(connectClient(settings));
  if (account.ok) {
    const { balance, reserved } = account.value;
    return { ok: true, balance, reserved, baseUrl, ...(balance <= 0 ? { warning: NO_CREDITS } : {}) };
  }
  const { kind, message, next, hint } = account.error;
  const detail = hint && kind !== "auth" ? ` (${hint})` : "";
  return { ok: false, baseUrl, error: { kind, message: `${message}${detail}`, next } };
}

/**
 * Checks every field; a new key is tested before it replaces the saved one, so a typo never
 * throws away a working key. A key the API could not check (unreachable, server error) is saved
 * all the same, and the result says so: the user may be offline, or the API down for a while.
 */
function saveSettings(change: SettingsChange): SaveSettingsResult {
  const checked = checkSettingsChange(change);
  if (!checked.ok) return { saved: false, problems: checked.problems };
  const keyCheck = change.apiKey === undefined ? undefined : checkConnection(settingsWith(checked.updates));
  if (keyCheck !== undefined && !keyCheck.ok && keyCheck.error.kind === "auth") {
    const kept = readSettings().apiKey === null ? "Nothing was saved." : "Your saved key is kept.";
    return {
      saved: false,
      problems: { apiKey: `The API did not accept this key. ${kept} Check it and paste it again.` },
    };
  }
  saveSettingsUpdates(checked.updates);
  if (change.apiKey !== undefined || change.baseUrl !== undefined) forgetCachedBalance();
  const settings = toSettingsView(readSettings(), formulaSpentToday());
  return keyCheck === undefined ? { saved: true, settings } : { saved: true, settings, keyCheck };
}

export const settingsHandlers: Pick<
  RpcHandlers,
  "getSettings" | "saveSettings" | "removeApiKey" | "testConnection"
> = {
  getSettings: () => toSettingsView(readSettings(), formulaSpentToday()),
  // The sidebar's JSON, checked field by field: anything but an object changes nothing.
  saveSettings: (arg) => saveSettings(arg !== null && typeof arg === "object" ? arg : {}),
  removeApiKey: () => {
    removeSavedApiKey();
    forgetCachedBalance();
    return toSettingsView(readSettings(), formulaSpentToday());
  },
  testConnection: () => checkConnection(readSettings()),
};
