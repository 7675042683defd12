/**
 * The Leads tab: lead search by personas. One target (a company by name, id or link; the companies
 * selected in the Companies sheet; any company; or a people-search URL), personas and every filter
 * of the spec. Estimate checks the form with the client's validator (every problem next to its
 * field) and shows the most it can cost against the balance and the spend cap; Confirm & run
 * searches and appends the leads to the Leads sheet.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Problem } from "../../src/api/errors";
import { emptyForm, formToRequest, type LeadSearchForm, TARGET_KINDS } from "../../src/jobs/lead-search/form";
import type {
  LeadsCompanySelection,
  LeadsEstimate,
  LeadsRunResult,
  PersonaPreset,
} from "../../src/rpc/leads";
import { useCommittedAction } from "../components/drafts";
import { useNotices } from "../components/notices";
import { SearchRunning, useSearchCancel } from "../components/search-cancel";
import { useServerCall } from "../components/use-server-call";
import { call } from "../rpc-client";
import { Destination } from "./leads/destination";
import { Filters } from "./leads/filters";
import { FieldProblems, problemsAt } from "./leads/inputs";
import { PersonasEditor } from "./leads/personas";
import { Presets } from "./leads/presets";
import { EstimateView, RunResult } from "./leads/result";
import { TargetChooser } from "./leads/target";

type Estimate = Extract<LeadsEstimate, { ok: true }>;
type Result = Extract<LeadsRunResult, { ok: true }>;

/** Fields with a place in the form show their own problems; anything else shows at the end. */
function shownAtField(path: string, form: LeadSearchForm): boolean {
  return path.split(", ").some((part) => {
    const root = part.replace(/\[.*$/, "");
    return root in form || (TARGET_KINDS as readonly string[]).includes(root);
  });
}

/** The form's own check, before any server call; a stand-in company for "selected companies". */
function localProblems(form: LeadSearchForm): Problem[] {
  const company = form.target.kind === "selected_companies" ? { company_id: 1 } : null;
  return formToRequest(form, company).problems;
}

function startForm(): LeadSearchForm {
  return { ...emptyForm(), personas: [{ name: "", functions: [], seniorities: [], prohibit: [] }] };
}

/** The form survives switching tabs (the tab unmounts) while the sidebar stays open. */
let keptForm: LeadSearchForm | null = null;

export function LeadsTab() {
  const notices = useNotices();
  const [form, setForm] = useState<LeadSearchForm>(() => keptForm ?? startForm());
  const [problems, setProblems] = useState<Problem[]>([]);
  const [selection, setSelection] = useState<LeadsCompanySelection | null>(null);
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [presets, setPresets] = useState<PersonaPreset[]>([]);
  // The personas as last loaded or saved (or as the form started): anything else is unsaved.
  const [savedPersonas, setSavedPersonas] = useState(() => JSON.stringify(startForm().personas));
  const { busy, task, run } = useServerCall<"run">();
  const searchCancel = useSearchCancel("leadsCancel");
  // Loading the selection does not grey out Estimate: it has its own busy state, unused.
  const selectionCall = useServerCall();

  const set = (change: Partial<LeadSearchForm>) => setForm((f) => ({ ...f, ...change }));
  useEffect(() => {
    keptForm = form;
  }, [form]);
  // A changed form makes the shown estimate, the last result and the notice stale.
  const firstRender = useRef(true);
  useEffect(() => {
    setEstimate(null);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    setResult(null);
    notices.clear();
  }, [form, selection]);
  // The result shows at the top of the tab: bring it into view when a run ends.
  useEffect(() => {
    if (result) document.querySelector('[data-testid="leads-result"]')?.scrollIntoView();
  }, [result]);
  useEffect(() => {
    call("leadsPresets", null).then(setPresets, () => undefined);
  }, []);

  async function loadSelection() {
    await selectionCall.run(async () => {
      const loaded = await call("leadsSelection", null);
      setSelection(loaded);
      // The rows shown are the rows searched: the estimate and the run read them by this pin,
      // not whatever is selected in the sheet when Confirm is pressed.
      setForm((f) =>
        f.target.kind === "selected_companies"
          ? { ...f, target: { kind: "selected_companies", value: loaded.pin } }
          : f,
      );
    });
  }

  useEffect(() => {
    if (form.target.kind === "selected_companies") void loadSelection();
  }, [form.target.kind]);

  async function runEstimate(current: LeadSearchForm = form) {
    notices.clear();
    setResult(null);
    const local = localProblems(current);
    setProblems(local);
    if (local.length > 0) return;
    await run(async () => {
      const answer = await call("leadsEstimate", { form: current });
      if (answer.ok) setEstimate(answer);
      else setProblems(answer.problems);
    });
  }

  // Estimate commits what is still typed in a list field first (a chip being typed counts).
  const estimateAction = useCommittedAction(() => void runEstimate());

  async function confirm() {
    if (!estimate) return;
    await run(async () => {
      const answer = await call("leadsRun", {
        form,
        confirmedMaxCredits: estimate.maxCredits,
        runId: searchCancel.start(),
      });
      if (answer.ok) {
        setResult(answer);
        setEstimate(null);
        // The API's refusal of a field (an unlisted location) shows under that field.
        setProblems(answer.problems ?? []);
      } else setProblems(answer.problems);
    }, "run");
  }

  const other = problems.filter((p) => !shownAtField(p.path, form));
  return (
    <form
      aria-label="Lead search"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        estimateAction.trigger();
      }}
    >
      <p class="muted">Find people by persona and write them into the Leads sheet (or one you name).</p>
      {result ? (
        <RunResult
          result={result}
          busy={busy}
          runOffset={Number(form.offset_by) || 0}
          onNextPage={(offset) => {
            // Next page skips the leads already fetched (offset_by): they are not paid for again.
            const next = { ...form, offset_by: String(offset) };
            setForm(next);
            void runEstimate(next);
          }}
          onSearchById={(id) => {
            // The company the user meant, from their Companies sheet, instead of the API's pick by name.
            const next: LeadSearchForm = {
              ...form,
              target: { kind: "company_id", value: id },
              offset_by: "",
            };
            setForm(next);
            void runEstimate(next);
          }}
        />
      ) : null}
      <TargetChooser
        target={form.target}
        onChange={(target) => set({ target })}
        selection={selection}
        onLoadSelection={loadSelection}
        problems={problems}
      />
      <PersonasEditor
        personas={form.personas}
        onChange={(personas) => set({ personas })}
        problems={problems}
      />
      <Presets
        presets={presets}
        personas={form.personas}
        dirty={JSON.stringify(form.personas) !== savedPersonas}
        onLoad={(personas) => {
          set({ personas });
          setSavedPersonas(JSON.stringify(personas));
        }}
        onSaved={(list, personas) => {
          setPresets(list);
          if (personas) setSavedPersonas(JSON.stringify(personas));
        }}
      />
      <Filters form={form} set={set} problems={problems} />
      <Destination form={form} set={set} problems={problems} />
      <div class="form-group">
        <label for="leads-limit-by">Max leads per search</label>
        <input
          id="leads-limit-by"
          // Text, not a number box: Chromium's number box reads "ten" or "1,5" as empty, which
          // here means as many leads as the target allows (up to 2,500 credits), silently.
          type="text"
          inputMode="numeric"
          placeholder="e.g. 25"
          value={form.limit_by}
          onInput={(e) => set({ limit_by: e.currentTarget.value })}
        />
        <span class="hint">Each lead returned costs a credit. Empty: as many as the target allows.</span>
        {Number(form.offset_by ?? 0) > 0 ? (
          <span class="hint" data-testid="leads-offset">
            Next page: starts after the first {Number(form.offset_by).toLocaleString("en-US")} matching leads.{" "}
            <button type="button" class="secondary" onClick={() => set({ offset_by: "" })}>
              Start from the first
            </button>
          </span>
        ) : null}
        <FieldProblems problems={problemsAt(problems, "offset_by")} />
        <FieldProblems problems={problemsAt(problems, "limit_by")} />
      </div>
      <FieldProblems problems={other} />
      {estimate ? <EstimateView estimate={estimate} /> : null}
      <div class="buttons">
        {estimate ? (
          <>
            <button
              type="button"
              class="action"
              disabled={busy || estimate.maxCredits > estimate.cap}
              onClick={confirm}
            >
              Confirm &amp; run
            </button>
            <button type="button" class="secondary" onClick={() => setEstimate(null)}>
              Back
            </button>
          </>
        ) : (
          <button type="submit" class="action" disabled={busy} {...estimateAction.keepFocus}>
            {busy ? "Working…" : "Estimate"}
          </button>
        )}
      </div>
      {task === "run" ? <SearchRunning what="Searching" cancel={searchCancel} /> : null}
    </form>
  );
}
