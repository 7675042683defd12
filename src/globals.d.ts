/** Replaced at build time by esbuild's `define` (scripts/build.ts). */
declare const __ADDON_VERSION__: string;
/** Where users get help and read the privacy policy and terms: package.json's `addon` links. */
declare const __ADDON_LINKS__: {
  supportUrl: string;
  privacyPolicyUrl: string;
  termsOfServiceUrl: string;
};
/** The production API base URL the add-on was built with. */
declare const __API_BASE_URL__: string;
/** The network's name on the wire (API_NETWORK_NAME; PRODUCTION.md A14): `network` by default. */
declare const __API_NETWORK_NAME__: string;
/** The company database's name on the wire (API_COMPANY_DB_NAME): `company_db` by default. */
declare const __API_COMPANY_DB_NAME__: string;
/** SHA-256 (hex) of dist/server-module.html, checked before it is evaluated (gas/server-module.ts). */
declare const __SERVER_MODULE_SHA256__: string;
/** The manifest's urlFetchWhitelist prefixes (sandbox builds add `http://127.0.0.1:*\/`). */
declare const __URL_FETCH_WHITELIST__: string[];
