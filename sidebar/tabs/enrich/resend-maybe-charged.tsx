/**
 * The Enrich form's "Also send rows that may have been charged": off by default, so a run over a
 * list never buys again, without asking, a row whose last lookup may already have been charged
 * (src/jobs/enrich/maybe-charged.ts).
 */
export function ResendMaybeCharged({
  checked,
  setChecked,
}: {
  checked: boolean;
  setChecked(on: boolean): void;
}) {
  return (
    <div class="form-group">
      <label style={{ fontWeight: 400 }}>
        <input
          type="checkbox"
          data-testid="enrich-resend-maybe-charged"
          checked={checked}
          onChange={(e) => setChecked(e.currentTarget.checked)}
        />{" "}
        Also send rows that may have been charged
      </label>
      <span class="hint">
        Their status says a lookup went out but no answer came back: sending them again may charge them twice.
        Unticked, they are left out (the estimate counts them).
      </span>
    </div>
  );
}
