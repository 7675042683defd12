/**
 * The Credits tab: the balance (free) with Refresh, what was spent in the last 24 hours and 7 days,
 * the spend cap with a way to Settings; the transaction list with every filter of the spec, paged
 * newest first; and an export of every matching transaction to a Transactions sheet. Nothing here
 * costs credits. All API text is rendered as text (Preact escapes it).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type {
  CreditsSummary,
  FilterProblems,
  TransactionFilterForm,
  TransactionPageView,
} from "../../src/rpc/credits";
import { useNotices } from "../components/notices";
import { useServerCall } from "../components/use-server-call";
import { call } from "../rpc-client";
import { type ExportChoice, ExportPanel, type ExportState } from "./credits/export";
import { emptyFilters, FilterForm } from "./credits/filters";
import { PAGE_SIZES, TransactionList } from "./credits/list";
import { CreditsSummaryView } from "./credits/summary";

export function CreditsTab({ onOpenSettings }: { onOpenSettings(): void }) {
  const notices = useNotices();
  const [summary, setSummary] = useState<CreditsSummary | null>(null);
  const summaryCall = useServerCall();
  const [form, setForm] = useState<TransactionFilterForm>(emptyFilters);
  /** The filters of the page on show: paging keeps them even while the form is being edited. */
  const [applied, setApplied] = useState<TransactionFilterForm>(emptyFilters);
  const [problems, setProblems] = useState<FilterProblems>({});
  const [page, setPage] = useState<TransactionPageView | null>(null);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const listCall = useServerCall();
  /** The message of the last error the list posted, so that a list that then comes back clears it. */
  const listError = useRef<string | null>(null);
  // The export shows its own steps (exportState); this instance's busy is not used.
  const exportCall = useServerCall();
  const [exportState, setExportState] = useState<ExportState>({ step: "idle" });

  async function refreshSummary() {
    await summaryCall.run(async () => setSummary(await call("creditsSummary", null)));
  }

  async function load(filters: TransactionFilterForm, offset: number, limit = pageSize) {
    await listCall.run(async () => {
      const result = await call("creditsList", { filters, offset, limit });
      if (result.ok) {
        setProblems({});
        setApplied(filters);
        setPage(result.page);
        // The list's own error ("Fix the filters marked below: nothing was sent.") is over once a
        // list came back: left on show, it would say nothing was sent beside what was.
        if (notices.notice?.tone === "error" && notices.notice.message === listError.current) notices.clear();
      } else {
        setProblems(result.problems);
        // No key, or one the API refused: the balance above says so, with what to do (read
        // again when it still shows a balance: the key was removed or refused since).
        if (result.error.kind !== "auth") {
          listError.current = result.error.message;
          notices.showError(result.error);
        } else if (summary?.ok) void refreshSummary();
      }
    });
  }

  async function runExport(choice: ExportChoice) {
    setExportState({ step: "working" });
    const result = await exportCall.run(() => call("creditsExport", { filters: form, ...choice }));
    if (result === undefined) {
      setExportState({ step: "idle" });
      return;
    }
    if (result.status === "confirm") {
      setExportState({ step: "confirm", ask: result });
      return;
    }
    setExportState({ step: "idle" });
    if (result.status === "done") {
      setProblems({});
      const replaced = result.replaced ? ` It replaced the export of ${result.replaced}.` : "";
      notices.show({
        tone: "ok",
        message: `Wrote ${result.written.toLocaleString("en-US")} transaction${result.written === 1 ? "" : "s"} of ${result.account} to the ${result.sheetName} sheet in ${result.seconds < 1 ? "under a second" : `${result.seconds} s`}.${replaced} No credits used.`,
        next: result.spent,
      });
    } else {
      setProblems(result.problems);
      notices.showError(result.error);
    }
  }

  // Load once when the tab opens.
  useEffect(() => {
    void refreshSummary();
    void load(form, 0);
  }, []);

  return (
    <>
      <CreditsSummaryView
        summary={summary}
        loading={summaryCall.busy}
        onRefresh={() => {
          // New charges change the list too: reload the page on show with its filters.
          void refreshSummary();
          void load(applied, page?.offset ?? 0);
        }}
        onOpenSettings={onOpenSettings}
      />
      <section aria-labelledby="credits-list-title">
        <h2 id="credits-list-title">Transactions</h2>
        <FilterForm
          form={form}
          problems={problems}
          busy={listCall.busy}
          onChange={setForm}
          onApply={() => void load(form, 0)}
          onClear={() => {
            setForm(emptyFilters());
            void load(emptyFilters(), 0);
          }}
        />
        <ExportPanel
          state={exportState}
          disabled={listCall.busy}
          onExport={(choice) => void runExport(choice)}
          onCancel={() => setExportState({ step: "idle" })}
        />
        {page ? (
          <TransactionList
            page={page}
            busy={listCall.busy}
            pageSize={pageSize}
            onPage={(offset) => void load(applied, offset)}
            onPageSize={(size) => {
              setPageSize(size);
              void load(applied, 0, size);
            }}
          />
        ) : (
          <p class="muted">{listCall.busy ? "Loading transactions…" : ""}</p>
        )}
      </section>
    </>
  );
}
