/**
 * The Store port over Apps Script's properties. Document properties: per-document shared state
 * such as job cursors (9 KB a value, 500 KB in all), which every editor's executions can write;
 * never the API key. User properties: what only this user's executions read and write (the terms
 * of their schedules, their trigger time today).
 */
import type { Store } from "../jobs/enrich/ports";

function propertiesStore(properties: GoogleAppsScript.Properties.Properties): Store {
  return {
    get: (key) => properties.getProperty(key),
    set: (key, value) => {
      properties.setProperty(key, value);
    },
    setMany: (entries) => {
      properties.setProperties(entries);
    },
    remove: (key) => {
      properties.deleteProperty(key);
    },
  };
}

export function documentStore(): Store {
  return propertiesStore(PropertiesService.getDocumentProperties());
}

export function userStore(): Store {
  return propertiesStore(PropertiesService.getUserProperties());
}
