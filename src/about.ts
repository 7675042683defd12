/**
 * The add-on's version and its support, privacy and terms pages, fixed at build time from
 * package.json (scripts/build.ts), for the About menu item and the sidebar's footer.
 */
import type { ServerInfo } from "./rpc";

/** The built add-on's version and links. */
export const ADDON_ABOUT: ServerInfo = { version: __ADDON_VERSION__, ...__ADDON_LINKS__ };

/** The About alert's text: an alert shows plain text, so each link is a whole line to copy. */
export function aboutMessage(about: ServerInfo): string {
  return [
    `Prospecting for Google Sheets, version ${about.version}.`,
    "",
    `Help and support: ${about.supportUrl}`,
    `Privacy policy: ${about.privacyPolicyUrl}`,
    `Terms of service: ${about.termsOfServiceUrl}`,
    "",
    "Your API key stays in your own user properties; lookups and searches go only to the Prospecting Data API, which bills their credits.",
  ].join("\n");
}
