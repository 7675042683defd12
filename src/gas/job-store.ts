/**
 * The Store port over document properties: per-document shared state such as job cursors
 * (9 KB a value, 500 KB in all). Never the API key, which lives in user properties only.
 */
import type { Store } from "../jobs/enrich/ports";

export function documentStore(): Store {
  const properties = PropertiesService.getDocumentProperties();
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
