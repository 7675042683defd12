/**
 * Which Chromium the browser tests drive: CHROMIUM_PATH when set, else Debian's /usr/bin/chromium when
 * present, else the one `npm install` brought (@sparticuz/chromium ships it brotli-compressed in the
 * package), so `npm install && npm test` works on a machine with nothing but Node.
 * E2E_CHROMIUM=npm forces the npm one even where Debian's is installed (to test that path here).
 */
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { brotliDecompressSync } from "node:zlib";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** What launchBrowser() needs: the binary and the environment it must run in. */
export interface ChromiumBinary {
  executablePath: string;
  /** Extra environment for the browser process (the npm build's own libraries and fonts). */
  env: Record<string, string>;
  source: "CHROMIUM_PATH" | "debian" | "npm";
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Picks the browser; unpacks the npm one on first use (about 200 MB, a few seconds, once). */
export function resolveChromium(
  env: NodeJS.ProcessEnv = process.env,
  debian = DEBIAN_CHROMIUM,
): ChromiumBinary {
  if (env.CHROMIUM_PATH) return { executablePath: env.CHROMIUM_PATH, env: {}, source: "CHROMIUM_PATH" };
  if (env.E2E_CHROMIUM !== "npm" && isExecutable(debian)) {
    return { executablePath: debian, env: {}, source: "debian" };
  }
  return unpackNpmChromium();
}

/** The package's folder; its bin/ holds chromium.br, al2023.tar.br (NSS, expat), fonts.tar.br. */
function npmChromiumPackage(): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    // The package's exports hide package.json; its entry is <package>/build/cjs/index.cjs.
    entry = require.resolve("@sparticuz/chromium");
  } catch {
    throw new Error(
      "No Chromium for the browser tests: /usr/bin/chromium is missing and @sparticuz/chromium is not installed (run npm install).",
    );
  }
  const dir = join(dirname(entry), "..", "..");
  const { version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string };
  return { dir, version };
}

/**
 * Unpacks into node_modules/.cache/chromium-<version>/ (never /tmp/chromium, which the package's own
 * executablePath() would reuse whatever version it holds). Unpacked into a temporary folder and
 * renamed into place, so parallel test workers never run a half-written binary.
 */
function unpackNpmChromium(): ChromiumBinary {
  const pkg = npmChromiumPackage();
  const target = join(pkg.dir, "..", "..", ".cache", `chromium-${pkg.version}`);
  const binary = join(target, "chromium");
  if (!existsSync(binary)) {
    const staging = `${target}.partial-${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(join(staging, "lib"), { recursive: true });
    mkdirSync(join(staging, "fonts"), { recursive: true });
    const bin = join(pkg.dir, "bin");
    writeFileSync(join(staging, "chromium"), brotliDecompressSync(readFileSync(join(bin, "chromium.br"))), {
      mode: 0o755,
    });
    // The binary links NSS, NSPR and expat, which a bare Node image lacks: the package carries them.
    extractTar(brotliDecompressSync(readFileSync(join(bin, "al2023.tar.br"))), staging);
    extractTar(brotliDecompressSync(readFileSync(join(bin, "fonts.tar.br"))), staging);
    // The package's fonts.conf points at /tmp/fonts; ours at this folder, plus the system's fonts.
    writeFileSync(
      join(staging, "fonts.conf"),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(target, "fonts")}</dir>\n  <dir>/usr/share/fonts</dir>\n  <cachedir>${join(target, "fonts-cache")}</cachedir>\n</fontconfig>\n`,
    );
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another worker got there first: use its copy.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(binary)) throw error;
    }
  }
  return {
    executablePath: binary,
    env: { LD_LIBRARY_PATH: join(target, "lib"), FONTCONFIG_FILE: join(target, "fonts.conf") },
    source: "npm",
  };
}

/** A minimal ustar reader for the package's two small archives (regular files and folders only). */
function extractTar(archive: Buffer, into: string): void {
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    const name = cString(header.subarray(0, 100));
    if (name === "") break;
    const prefix = cString(header.subarray(345, 500));
    const size = Number.parseInt(cString(header.subarray(124, 136)).trim() || "0", 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const path = join(into, prefix ? `${prefix}/${name}` : name);
    if (!path.startsWith(into)) throw new Error(`Unsafe path in the Chromium archive: ${name}`);
    const body = archive.subarray(offset + 512, offset + 512 + size);
    if (type === "5") mkdirSync(path, { recursive: true });
    else if (type === "0" || type === "\0") {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, body, { mode: 0o755 });
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
}

function cString(bytes: Buffer): string {
  const end = bytes.indexOf(0);
  return bytes.subarray(0, end === -1 ? bytes.length : end).toString("utf8");
}
