/** A progress bar with the counts a long run reports: done, failed, remaining, credits spent. */

// Inline: the shared stylesheet stays the foundation's; these few rules are this component's own.
const COUNTS = {
  display: "grid",
  gridTemplateColumns: "repeat(4, 1fr)",
  margin: "6px 0 0",
  textAlign: "center",
} as const;
const LABEL = { fontSize: "11px", color: "var(--gray)" } as const;
const VALUE = { margin: 0, fontWeight: 500 } as const;

export interface ProgressCounts {
  done: number;
  failed: number;
  remaining: number;
  spent: number;
  /** What the counts count, e.g. "profiles". */
  unit: string;
  cap?: number;
}

export function ProgressBar({ done, failed, remaining, spent, unit, cap }: ProgressCounts) {
  const total = done + failed + remaining;
  const finished = done + failed;
  const percent = total === 0 ? 100 : Math.round((finished / total) * 100);
  return (
    <div class="progress" aria-live="polite">
      <progress max={Math.max(total, 1)} value={finished} aria-label={`${percent}% of ${unit} processed`} />
      <dl style={COUNTS}>
        {(
          [
            ["Done", "done", done],
            ["Failed", "failed", failed],
            ["Remaining", "remaining", remaining],
            ["Credits", "spent", spent],
          ] as const
        ).map(([label, key, count]) => (
          <div key={key}>
            <dt style={LABEL}>{label}</dt>
            <dd style={VALUE} data-count={key}>
              {count.toLocaleString("en-US")}
              {key === "spent" && cap !== undefined ? (
                <span class="muted"> / {cap.toLocaleString("en-US")}</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <p class="muted">
        {percent}% of {total.toLocaleString("en-US")} {unit}
      </p>
    </div>
  );
}
