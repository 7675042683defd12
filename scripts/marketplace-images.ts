/**
 * `npm run marketplace:images`: draws the Marketplace listing's images from docs/marketplace's SVGs
 * with resvg (its binary comes inside the npm package: nothing is downloaded): the icon at 32 and
 * 128 px from icon.svg, and the 220 x 140 card banner from banner.svg, which shows the same icon.
 * The banner's text is set in DejaVu Sans from the system's fonts (Debian's fonts-dejavu-core).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Resvg } from "@resvg/resvg-js";

const marketplace = join(dirname(fileURLToPath(import.meta.url)), "../docs/marketplace");

/** The icon sizes the Marketplace SDK's store listing asks for. */
export const ICON_SIZES = [32, 128] as const;
export const ICON_SVG = join(marketplace, "icon.svg");
export const BANNER_SVG = join(marketplace, "banner.svg");
const FONTS = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map((name) =>
  join("/usr/share/fonts/truetype/dejavu", name),
);

/** The icon as a PNG of `size` x `size` pixels. No text in it, so no font is involved. */
export function renderIcon(size: number): Buffer {
  return new Resvg(readFileSync(ICON_SVG, "utf8"), {
    fitTo: { mode: "width", value: size },
    font: { loadSystemFonts: false },
  })
    .render()
    .asPng();
}

/** The card banner as a PNG at its own size, with icon.svg drawn where banner.svg names it. */
export function renderBanner(): Buffer {
  const missing = FONTS.filter((file) => !existsSync(file));
  if (missing.length > 0)
    throw new Error(
      `the banner's font is missing (apt-get install fonts-dejavu-core): ${missing.join(", ")}`,
    );
  // resvg does not read files an <image> names, so the icon goes in as a data URL.
  const icon = `data:image/svg+xml;base64,${readFileSync(ICON_SVG).toString("base64")}`;
  const svg = readFileSync(BANNER_SVG, "utf8").replace('href="icon.svg"', `href="${icon}"`);
  return new Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: FONTS, defaultFontFamily: "DejaVu Sans" },
  })
    .render()
    .asPng();
}

/** Where each image goes: icon-32.png, icon-128.png and banner-220x140.png beside the SVGs. */
export function iconPath(size: number): string {
  return join(marketplace, `icon-${size}.png`);
}
export const BANNER_PNG = join(marketplace, "banner-220x140.png");

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const size of ICON_SIZES) writeFileSync(iconPath(size), renderIcon(size));
  writeFileSync(BANNER_PNG, renderBanner());
  console.log(
    `wrote ${ICON_SIZES.map((size) => `icon-${size}.png`).join(", ")} and banner-220x140.png to docs/marketplace/`,
  );
}
