/** The Settings tab's server methods. None of them returns the key: only its masked form. */
import type { RpcHandlers } from "../rpc";
import type { ConnectionTest } from "../rpc/settings";
import { forgetCachedBalance } from "./lookup-cache";
import { connectClient, hasApiKey } from "./settings-client";
import { readSettings, removeSavedApiKey, saveSettingsChange, toSettingsView } from "./settings-store";

function testConnection(): ConnectionTest {
  const settings = readSettings();
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
  // The transaction list with limit 1 is free: it proves the key and the address, and its latest
  // after_balance is the balance.
  const balance = connectClient(settings).balance();
  if (balance.ok) return { ok: true, balance: balance.value, baseUrl };
  const { kind, message, next, hint } = balance.error;
  const detail = hint && kind !== "auth" ? ` (${hint})` : "";
  return { ok: false, baseUrl, error: { kind, message: `${message}${detail}`, next } };
}

export const settingsHandlers: Pick<
  RpcHandlers,
  "getSettings" | "saveSettings" | "removeApiKey" | "testConnection"
> = {
  getSettings: () => toSettingsView(readSettings()),
  saveSettings: (arg) => {
    // The sidebar's JSON, checked field by field: anything but an object changes nothing.
    const change = arg !== null && typeof arg === "object" ? arg : {};
    const result = saveSettingsChange(change);
    if (!result.saved) return result;
    if (change.apiKey !== undefined || change.baseUrl !== undefined) forgetCachedBalance();
    return { saved: true, settings: toSettingsView(readSettings()) };
  },
  removeApiKey: () => {
    removeSavedApiKey();
    forgetCachedBalance();
    return toSettingsView(readSettings());
  },
  testConnection,
};
