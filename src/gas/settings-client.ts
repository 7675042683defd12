/**
 * The API client for the saved settings, over UrlFetchApp. Used by the formulas, the Settings
 * tab's connection test and enrichment alike, so every part speaks to the API the same way.
 */
import { type Client, createClient } from "../api/client";
import { appsScriptClock, createUrlFetchHttp } from "./http";
import type { Settings } from "./settings";

export type ConnectedSettings = Settings & { apiKey: string };

export function hasApiKey(settings: Settings): settings is ConnectedSettings {
  return settings.apiKey !== null;
}

export function connectClient(settings: ConnectedSettings): Client {
  return createClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    http: createUrlFetchHttp(),
    clock: appsScriptClock,
    chunkSize: settings.chunkSize,
  });
}
