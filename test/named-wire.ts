/** The wire names the second test build uses (test/global-setup.ts): not the spec's words. */
import { join } from "node:path";
import type { WireNames } from "../src/api/wire-names";

export const NAMED_WIRE: WireNames = { network: "acme", companyDb: "acmedb" };
/** Where that build is written. */
export const NAMED_DIST = join(import.meta.dirname, "..", "dist-named");
