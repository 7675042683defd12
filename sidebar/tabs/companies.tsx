/**
 * The Companies tab: company search by ideal-customer profile into the Companies sheet.
 * Estimate checks the form (every problem at once, next to its field) and shows the most it can
 * cost against the balance and the spend cap; nothing is spent before Confirm. A run appends the
 * companies (none twice) and offers Next page, which continues where the last search stopped.
 */
import { useEffect, useState } from "preact/hooks";
import { emptyForm } from "../../src/jobs/company-search/form";
import type {
  CompanyEstimate,
  CompanyRunResult,
  CompanySearchForm,
  FieldProblems,
  LastCompanySearch,
  Presets,
} from "../../src/rpc/companies";
import { useCommittedAction } from "../components/drafts";
import { useNotices } from "../components/notices";
import { SearchRunning, useSearchCancel } from "../components/search-cancel";
import { useServerCall } from "../components/use-server-call";
import { call } from "../rpc-client";
import { EstimateView, plural } from "./companies/estimate";
import { CompanyForm } from "./companies/form";
import { nextPageLabel } from "./companies/next-page";
import { PresetBar } from "./companies/presets";
import { ResultView } from "./companies/result";

/** The form as text, keys sorted: the same filters compare equal whatever their order. */
const formKey = (form: CompanySearchForm) => JSON.stringify(form, Object.keys(form).sort());

const hasAny = (problems: FieldProblems) => Object.values(problems).some((list) => (list?.length ?? 0) > 0);

/** Brings an element of the tab into view once Preact has drawn it (the form is long for 300 px). */
function revealSoon(selector: string): void {
  setTimeout(
    () => document.querySelector(selector)?.scrollIntoView({ block: "center", behavior: "smooth" }),
    0,
  );
}

export function CompaniesTab() {
  const notices = useNotices();
  const [form, setForm] = useState<CompanySearchForm>(emptyForm);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [estimate, setEstimate] = useState<CompanyEstimate | null>(null);
  const [result, setResult] = useState<CompanyRunResult | null>(null);
  const [last, setLast] = useState<LastCompanySearch | null>(null);
  const [presets, setPresets] = useState<Presets>({});
  // The form as last loaded, saved or cleared: anything else is an unsaved edit.
  const [confirmNext, setConfirmNext] = useState(false);
  const [baseline, setBaseline] = useState(() => formKey(emptyForm()));
  // Bumped when the whole form is replaced (Clear, a preset loaded): the list boxes start afresh,
  // without the text a user left typed or refused in them for the form before.
  const [formGeneration, setFormGeneration] = useState(0);
  const { busy, task, run } = useServerCall<"estimate" | "run" | "preset">();
  const searchCancel = useSearchCancel("companyCancel");

  useEffect(() => {
    call("companyLastSearch", null).then(setLast, () => undefined);
    call("companyPresets", null).then(setPresets, () => undefined);
  }, []);

  // A changed form makes the estimate, the last result, the notice and that field's problems stale.
  const edit = (change: Partial<CompanySearchForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setEstimate(null);
    setResult(null);
    notices.clear();
    setProblems((current) => {
      const kept = { ...current };
      for (const field of Object.keys(change)) delete kept[field as keyof FieldProblems];
      return kept;
    });
  };

  const runEstimate = async (target: CompanySearchForm) => {
    notices.clear();
    setResult(null);
    await run(async () => {
      const answer = await call("companyEstimate", target);
      setProblems(answer.problems);
      setEstimate(hasAny(answer.problems) ? null : answer);
      if (!hasAny(answer.problems)) revealSoon('[data-testid="company-estimate"]');
      if (hasAny(answer.problems)) {
        revealSoon('[data-testid^="problems-"]');
        notices.show({
          tone: "error",
          message: "Some fields need fixing before anything is sent.",
          next: "See the marked fields.",
        });
      }
    }, "estimate");
  };

  // Estimate commits what is still typed in a list field first (a chip being typed counts).
  const estimateAction = useCommittedAction(() => void runEstimate(form));

  const confirm = async () => {
    if (!estimate) return;
    notices.clear();
    await run(async () => {
      const answer = await call("companyRun", {
        form,
        confirmedCredits: estimate.maxCredits,
        runId: searchCancel.start(),
      });
      setResult(answer);
      setProblems(answer.problems);
      revealSoon(hasAny(answer.problems) ? '[data-testid^="problems-"]' : '[data-testid="company-result"]');
      setEstimate(null);
      call("companyLastSearch", null).then(setLast, () => undefined);
    }, "run");
  };

  const nextPage = (offset: number, base: CompanySearchForm = form) => {
    const next = { ...base, offset_by: offset };
    setForm(next);
    void runEstimate(next);
  };

  const presetCall = async (work: () => Promise<Presets>, done: string) => {
    await run(async () => {
      setPresets(await work());
      notices.show({ tone: "ok", message: done });
    }, "preset");
  };

  return (
    <>
      <p class="muted">Find companies by ideal-customer profile; they are added to the Companies sheet.</p>
      <PresetBar
        presets={presets}
        busy={busy}
        dirty={formKey(form) !== baseline}
        onLoad={(loaded, name) => {
          edit(loaded);
          setFormGeneration((n) => n + 1);
          setBaseline(formKey({ ...form, ...loaded }));
          setProblems({});
          notices.show({ tone: "info", message: `Preset "${name}" loaded.` });
        }}
        onSave={async (name) => {
          await presetCall(() => call("companySavePreset", { name, form }), `Preset "${name}" saved.`);
          setBaseline(formKey(form));
        }}
        onDelete={(name) =>
          presetCall(() => call("companyDeletePreset", { name }), `Preset "${name}" deleted.`)
        }
        onRename={(from, to) =>
          presetCall(async () => {
            const saved = presets[from];
            if (saved) await call("companySavePreset", { name: to, form: saved });
            return call("companyDeletePreset", { name: from });
          }, `Preset "${from}" renamed to "${to}".`)
        }
      />
      {last && last.nextOffset !== null && !result ? (
        <div class="notice info" data-testid="company-last">
          Last search
          {last.form.locations.length + last.form.industries.length > 0
            ? ` (${[...last.form.industries, ...last.form.locations].slice(0, 3).join(", ")})`
            : ""}
          {last.resultsCount === null ? "" : `: ${plural(last.resultsCount, "match", "matches")}`}.
          <div class="buttons">
            <button
              type="button"
              class="secondary"
              disabled={busy}
              onClick={() => {
                // The last search's filters replace the form: never silently over other filters.
                const other = formKey(form) !== formKey(last.form) && formKey(form) !== formKey(emptyForm());
                if (other) setConfirmNext(true);
                else nextPage(last.nextOffset ?? 0, last.form);
              }}
            >
              {nextPageLabel(
                last.nextOffset ?? 0,
                last.nextMatch ?? last.form.offset_by + last.form.limit_by,
              )}
            </button>
          </div>
          {confirmNext ? (
            <div role="alertdialog" aria-labelledby="co-next-question" class="notice info">
              <span id="co-next-question">
                Next page continues the last search: its filters replace the ones in the form now. Continue?
              </span>
              <div class="buttons">
                <button
                  type="button"
                  class="action"
                  onClick={() => {
                    setConfirmNext(false);
                    nextPage(last.nextOffset ?? 0, last.form);
                  }}
                >
                  Continue the last search
                </button>
                <button type="button" class="secondary" onClick={() => setConfirmNext(false)}>
                  Keep my filters
                </button>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
      <CompanyForm key={formGeneration} form={form} problems={problems} onChange={edit} />
      {estimate ? (
        <EstimateView
          estimate={estimate}
          busy={busy}
          onConfirm={confirm}
          onFitCap={(total) => {
            const next = { ...form, limit_by: total };
            setForm(next);
            void runEstimate(next);
          }}
          onCancel={() => setEstimate(null)}
        />
      ) : (
        <div class="buttons">
          <button
            type="button"
            class="action"
            disabled={busy}
            {...estimateAction.keepFocus}
            onClick={estimateAction.trigger}
          >
            {task === "estimate" ? "Estimating…" : "Estimate"}
          </button>
          <button
            type="button"
            class="secondary"
            disabled={busy}
            onClick={() => {
              edit(emptyForm());
              setFormGeneration((n) => n + 1);
              setBaseline(formKey(emptyForm()));
              setProblems({});
              setResult(null);
            }}
          >
            Clear
          </button>
        </div>
      )}
      {task === "run" ? <SearchRunning what="Searching" cancel={searchCancel} /> : null}
      {result ? <ResultView result={result} busy={busy} onNextPage={(offset) => nextPage(offset)} /> : null}
    </>
  );
}
