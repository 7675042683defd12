/** The Enrich form's paid and free extras (Fresh data...), each with its cost. */
import { EXTRA_CHOICES } from "../../../src/jobs/enrich/options";
import type { EnrichOptions } from "../../../src/rpc/enrich";

type Extras = EnrichOptions["extras"];

export function ExtrasChooser({ extras, setExtras }: { extras: Extras; setExtras(extras: Extras): void }) {
  return (
    <fieldset class="form-group">
      <legend>Extras</legend>
      {EXTRA_CHOICES.map((choice) => (
        <label key={choice.option} style={{ fontWeight: 400 }}>
          <input
            type="checkbox"
            checked={extras[choice.option] === true}
            onChange={(e) => setExtras({ ...extras, [choice.option]: e.currentTarget.checked })}
          />{" "}
          {choice.label}{" "}
          <span class="muted">{choice.credits > 0 ? `+${choice.credits} credit` : "free"}</span>
        </label>
      ))}
    </fieldset>
  );
}
