/** What the runtime worker is started with (its workerData): paths and the sandbox connection. */
export interface EngineSetup {
  /** dist/Code.js and dist/sidebar.html, read once at start (a rebuild while running changes nothing). */
  codeJs: string;
  sidebarHtml: string;
  /** dist's other HTML files by name ("server-module": the code the sidebar's calls load). */
  files: Record<string, string>;
  /** dist/appsscript.json: the runtime enforces its urlFetchWhitelist (a sandbox build allows the sandbox). */
  manifest?: string;
  /** The saved spreadsheet and properties (.data/playground.json). */
  statePath: string;
  /** Set as the user property API_BASE_URL at each start: the sandbox's port changes per start. */
  sandboxUrl: string;
  /** Set as the user property API_KEY on the first start (no saved state). */
  apiKey: string;
  /** Profile URLs for a new spreadsheet; empty when a saved one exists. */
  seedUrls: string[];
}
