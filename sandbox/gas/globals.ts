/** The Apps Script globals one execution sees, each bound to that execution. */
import { createCacheService } from "./services/cache";
import type { ServiceHost } from "./services/host";
import { createHtmlService } from "./services/html";
import { createLockService } from "./services/lock";
import { createConsole, createLogger } from "./services/logging";
import { createPropertiesService } from "./services/properties";
import { createScriptApp } from "./services/script-app";
import { createSession } from "./services/session";
import { createSpreadsheetApp } from "./services/spreadsheet";
import { createUrlFetchApp } from "./services/url-fetch";
import { createUtilities } from "./services/utilities";

export function createGlobals(host: ServiceHost): Record<string, unknown> {
  return {
    SpreadsheetApp: createSpreadsheetApp(host),
    UrlFetchApp: createUrlFetchApp(host),
    PropertiesService: createPropertiesService(host),
    CacheService: createCacheService(host),
    LockService: createLockService(host),
    HtmlService: createHtmlService(host),
    Utilities: createUtilities(host),
    Session: createSession(host),
    ScriptApp: createScriptApp(host),
    Logger: createLogger(host),
    console: createConsole(host),
  };
}
