/**
 * The Enrich form's Work email option (issue 21.4): the same run finds each person's work email at
 * their current company, and a mover's new one. Its cost is named here and, as a maximum, in the
 * estimate; the summary says what the ledger charged.
 */
export function WorkEmailChooser({ on, setOn }: { on: boolean; setOn(on: boolean): void }) {
  return (
    <fieldset class="form-group">
      <legend>Work email</legend>
      <label style={{ fontWeight: 400 }}>
        <input
          type="checkbox"
          id="enrich-work-email"
          checked={on}
          onChange={(e) => setOn(e.currentTarget.checked)}
        />{" "}
        Find the work email (a job change gets the new one) <span class="muted">up to +1 credit</span>
      </label>
    </fieldset>
  );
}
