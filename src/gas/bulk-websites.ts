/**
 * What bulk answers have shown of this API: whether its leads name their company's website, the
 * domain Work email gives the finder. Production's pages disagree (PRODUCTION.md A19: the bulk
 * endpoint's sample has no website, the migration guide's `company.domain` has one), so `auto`
 * looks each URL up for Work email until a bulk answer has named one on the address in use
 * (bulk/decide.ts). Kept in the user's properties with the address it was seen on: a user who
 * moves to another API address starts over.
 */
import { SETTING_KEYS } from "./settings";

export function noteBulkWebsites(baseUrl: string): void {
  try {
    PropertiesService.getUserProperties().setProperty(SETTING_KEYS.bulkWebsitesSeen, baseUrl);
  } catch {
    // The properties' quota (G1): the next run learns it again; nothing else depends on it.
  }
}
