/** Saved personas (document properties): load one, or save the current personas under a name. */
import { useState } from "preact/hooks";
import type { PersonaForm } from "../../../src/jobs/lead-search/form";
import type { PersonaPreset } from "../../../src/rpc/leads";
import { useNotices } from "../../components/notices";
import { useServerCall } from "../../components/use-server-call";
import { call } from "../../rpc-client";

export function Presets(props: {
  presets: PersonaPreset[];
  personas: PersonaForm[];
  onLoad(personas: PersonaForm[]): void;
  onSaved(presets: PersonaPreset[]): void;
}) {
  const notices = useNotices();
  const [name, setName] = useState("");
  const { run } = useServerCall();
  async function save() {
    await run(async () => {
      props.onSaved(await call("leadsSavePreset", { name, personas: props.personas }));
      notices.show({ tone: "ok", message: `Personas saved as "${name.trim()}" in this spreadsheet.` });
      setName("");
    });
  }
  return (
    <details>
      <summary>Saved personas</summary>
      <div class="form-group">
        {props.presets.length > 0 ? (
          <select
            aria-label="Load saved personas"
            value=""
            onChange={(e) => {
              const preset = props.presets.find((p) => p.name === e.currentTarget.value);
              if (preset) props.onLoad(preset.personas);
            }}
          >
            <option value="">Load saved personas…</option>
            {props.presets.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        ) : (
          <span class="hint">None saved in this spreadsheet yet.</span>
        )}
        <label for="leads-preset-name">Save these personas as</label>
        <input
          id="leads-preset-name"
          type="text"
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <button type="button" class="secondary" disabled={name.trim() === ""} onClick={save}>
          Save personas
        </button>
      </div>
    </details>
  );
}
