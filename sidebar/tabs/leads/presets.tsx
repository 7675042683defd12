/**
 * Saved personas (document properties): load, save, rename, delete; asks before replacing a saved
 * set, loading over unsaved persona edits, or deleting.
 */
import type { PersonaForm } from "../../../src/jobs/lead-search/form";
import type { PersonaPreset } from "../../../src/rpc/leads";
import { useNotices } from "../../components/notices";
import { PresetManager } from "../../components/preset-manager";
import { useServerCall } from "../../components/use-server-call";
import { call } from "../../rpc-client";

export function Presets(props: {
  presets: PersonaPreset[];
  personas: PersonaForm[];
  /** The personas differ from the last loaded or saved set. */
  dirty: boolean;
  onLoad(personas: PersonaForm[]): void;
  /** `personas`: the set now saved (null after a rename or delete, which save nothing of the form). */
  onSaved(presets: PersonaPreset[], personas: PersonaForm[] | null): void;
}) {
  const notices = useNotices();
  const { busy, run } = useServerCall();
  const update = (
    work: () => Promise<PersonaPreset[]>,
    message: string,
    saved: PersonaForm[] | null = null,
  ) =>
    run(async () => {
      props.onSaved(await work(), saved);
      notices.show({ tone: "ok", message });
    });
  return (
    <details>
      <summary>Saved personas{props.presets.length > 0 ? ` (${props.presets.length})` : ""}</summary>
      <PresetManager
        id="leads-preset"
        noun="set of personas"
        names={props.presets.map((p) => p.name)}
        busy={busy}
        dirty={props.dirty}
        placeholder="e.g. Marketing and sales leaders"
        saveLabel="Save these personas as"
        onLoad={(name) => {
          const preset = props.presets.find((p) => p.name === name);
          if (preset) props.onLoad(preset.personas);
        }}
        onSave={(name) =>
          update(
            () => call("leadsSavePreset", { name, personas: props.personas }),
            `Personas saved as "${name}" in this spreadsheet.`,
            props.personas,
          )
        }
        onDelete={(name) => update(() => call("leadsDeletePreset", { name }), `"${name}" deleted.`)}
        onRename={(from, to) =>
          update(async () => {
            const preset = props.presets.find((p) => p.name === from);
            if (preset) await call("leadsSavePreset", { name: to, personas: preset.personas });
            return call("leadsDeletePreset", { name: from });
          }, `"${from}" renamed to "${to}".`)
        }
      />
    </details>
  );
}
