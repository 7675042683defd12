/**
 * What `npm start` prints once everything is up: the page first (the way in), then what a person
 * needs to use the sandbox API from anywhere else (curl, `npm run conformance`, a test deployment's
 * settings): its address and the keys it accepts with their starting credits.
 */
export function readyText(options: {
  url: string;
  sandboxUrl: string;
  keys: Record<string, number>;
  elapsedMs: number;
  /** The network's name the sandbox serves and the add-on was built with, when not the spec's. */
  networkNames?: { sandbox: string; addon: string };
}): string {
  const keys = Object.entries(options.keys).map(
    ([key, credits]) => `${key} (${credits.toLocaleString("en-US")} credits)`,
  );
  return [
    `Playground ready in ${Math.round(options.elapsedMs)} ms: ${options.url}`,
    `  sandbox API: ${options.sandboxUrl}`,
    `  demo keys:   ${keys.join(", ")}`,
    ...(options.networkNames
      ? [
          `  network name: the sandbox serves "${options.networkNames.sandbox}", the add-on sends "${options.networkNames.addon}"`,
        ]
      : []),
  ].join("\n");
}
