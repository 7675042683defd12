/**
 * docs/marketplace/ has what a Marketplace listing needs (issue 22): icons at 32 and 128 px that
 * are exactly what icon.svg draws, the 220 x 140 card banner, one to five 1280 x 800 screenshots,
 * the privacy policy and terms pages, and a scope table that matches the manifest.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BANNER_PNG, ICON_SIZES, iconPath, renderIcon } from "../../scripts/marketplace-images";

const root = join(import.meta.dirname, "../..");
const marketplace = join(root, "docs/marketplace");

/** A PNG's width and height, from its IHDR chunk (bytes 16-23). */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("docs/marketplace", () => {
  it.each(ICON_SIZES)("holds the %i px icon, exactly as icon.svg draws it", (size) => {
    expect(pngSize(iconPath(size))).toEqual({ width: size, height: size });
    expect(readFileSync(iconPath(size)).equals(renderIcon(size))).toBe(true);
  });

  it("holds the 220 x 140 card banner", () => {
    expect(pngSize(BANNER_PNG)).toEqual({ width: 220, height: 140 });
  });

  it("holds one to five screenshots at the listing's 1280 x 800", () => {
    const shots = readdirSync(marketplace).filter((name) => /^screenshot-.*\.png$/.test(name));
    expect(shots.length).toBeGreaterThanOrEqual(1);
    expect(shots.length).toBeLessThanOrEqual(5);
    for (const shot of shots)
      expect(pngSize(join(marketplace, shot)), shot).toEqual({ width: 1280, height: 800 });
  });

  it("has a row in the scope table for each OAuth scope of the manifest, and no other", () => {
    const manifest = JSON.parse(readFileSync(join(root, "appsscript.json"), "utf8")) as {
      oauthScopes: string[];
    };
    const table = readFileSync(join(marketplace, "README.md"), "utf8");
    const rows = [...table.matchAll(/^\| `(https:\/\/www\.googleapis\.com\/auth\/[^`]+)` \|/gm)].map(
      (m) => m[1],
    );
    expect(rows.sort()).toEqual([...manifest.oauthScopes].sort());
  });

  it("has the privacy policy and terms as static pages that say where data is kept and sent", () => {
    const privacy = readFileSync(join(marketplace, "privacy.html"), "utf8");
    for (const phrase of [
      "user properties",
      "Prospecting changes",
      "document properties",
      "sends requests only to the Prospecting Data API",
    ]) {
      expect(privacy.replace(/\s+/g, " ")).toContain(phrase);
    }
    expect(readFileSync(join(marketplace, "terms.html"), "utf8")).toContain('href="privacy.html"');
    // Static pages: nothing loaded from elsewhere.
    for (const page of ["privacy.html", "terms.html"]) {
      expect(readFileSync(join(marketplace, page), "utf8")).not.toMatch(/<script|<link|src="https?:/);
    }
  });
});
