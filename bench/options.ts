/** `--name value` from a benchmark's arguments, as a number (the fallback when absent or not one). */
export function numberOption(args: string[], name: string, fallback: number): number {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : Number.NaN;
  return Number.isFinite(value) ? value : fallback;
}
