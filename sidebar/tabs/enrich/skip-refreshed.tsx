/** The Enrich form's "skip rows refreshed recently" choice (free: those rows are not bought again). */
import { useState } from "preact/hooks";
import { DEFAULT_SKIP_REFRESHED_DAYS } from "../../../src/jobs/enrich/options";

/**
 * "Skip rows refreshed within the last N days" (issue 23.5): on by default for a day, so running
 * the same list again right after a run (or a Cancel) does not buy its fresh rows a second time.
 */
export function SkipRefreshedChooser({ days, setDays }: { days: number; setDays(days: number): void }) {
  const [lastDays, setLastDays] = useState(days > 0 ? days : DEFAULT_SKIP_REFRESHED_DAYS);
  return (
    <div class="form-group">
      <label style={{ fontWeight: 400 }}>
        <input
          type="checkbox"
          data-testid="enrich-skip-refreshed"
          checked={days > 0}
          onChange={(e) => setDays(e.currentTarget.checked ? lastDays : 0)}
        />{" "}
        Skip rows refreshed within the last{" "}
        <input
          type="number"
          min={1}
          max={31}
          style={{ width: "48px" }}
          aria-label="Days"
          value={lastDays}
          onInput={(e) => {
            const value = Math.max(1, Math.min(31, Math.floor(Number(e.currentTarget.value) || 1)));
            setLastDays(value);
            if (days > 0) setDays(value);
          }}
        />{" "}
        day{lastDays === 1 ? "" : "s"}
      </label>
      <span class="hint">Their status is ok and their Enriched At that recent: not bought again (free).</span>
    </div>
  );
}
