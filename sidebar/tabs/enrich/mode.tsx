/** The Enrich form's mode: refresh (overwrite) or fill empty cells only. */
import type { EnrichMode } from "../../../src/rpc/enrich";

export function ModeChooser({ mode, setMode }: { mode: EnrichMode; setMode(mode: EnrichMode): void }) {
  return (
    <fieldset class="form-group">
      <legend>Mode</legend>
      <label style={{ fontWeight: 400 }}>
        <input
          type="radio"
          name="enrich-mode"
          checked={mode === "refresh"}
          onChange={() => setMode("refresh")}
        />{" "}
        Refresh: overwrite with current data
      </label>
      <label style={{ fontWeight: 400 }}>
        <input type="radio" name="enrich-mode" checked={mode === "fill"} onChange={() => setMode("fill")} />{" "}
        Fill empty cells only
      </label>
    </fieldset>
  );
}
