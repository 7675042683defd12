/**
 * The Credits tab: the balance (free) with Refresh, what was spent in the last 24 hours and 7 days,
 * the spend cap with a way to Settings; the transaction list with every filter of the spec, paged
 * newest first; and an export of every matching transaction to a Transactions sheet. Nothing here
 * costs credits. All API text is rendered as text (Preact escapes it).
 */
import { useEffect, useState } from "preact/hooks";
import type {
  CreditsSummary,
  FilterProblems,
  TransactionFilterForm,
  TransactionPageView,
} from "../../src/rpc/credits";
import { useNotices } from "../components/notices";
import { asUserError, call } from "../rpc-client";
import { ExportPanel, type ExportState } from "./credits/export";
import { emptyFilters, FilterForm } from "./credits/filters";
import { PAGE_SIZES, TransactionList } from "./credits/list";
import { CreditsSummaryView } from "./credits/summary";

export function CreditsTab({ onOpenSettings }: { onOpenSettings(): void }) {
  const notices = useNotices();
  const [summary, setSummary] = useState<CreditsSummary | null>(null);
  const [summaryBusy, setSummaryBusy] = useState(false);
  const [form, setForm] = useState<TransactionFilterForm>(emptyFilters);
  /** The filters of the page on show: paging keeps them even while the form is being edited. */
  const [applied, setApplied] = useState<TransactionFilterForm>(emptyFilters);
  const [problems, setProblems] = useState<FilterProblems>({});
  const [page, setPage] = useState<TransactionPageView | null>(null);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [listBusy, setListBusy] = useState(false);
  const [exportState, setExportState] = useState<ExportState>({ step: "idle" });

  async function refreshSummary() {
    setSummaryBusy(true);
    try {
      setSummary(await call("creditsSummary", null));
    } catch (error) {
      notices.showError(asUserError(error));
    } finally {
      setSummaryBusy(false);
    }
  }

  async function load(filters: TransactionFilterForm, offset: number, limit = pageSize) {
    setListBusy(true);
    try {
      const result = await call("creditsList", { filters, offset, limit });
      if (result.ok) {
        setProblems({});
        setApplied(filters);
        setPage(result.page);
      } else {
        setProblems(result.problems);
        notices.showError(result.error);
      }
    } catch (error) {
      notices.showError(asUserError(error));
    } finally {
      setListBusy(false);
    }
  }

  async function runExport(replace: boolean) {
    setExportState({ step: "working" });
    try {
      const result = await call("creditsExport", { filters: form, replace });
      if (result.status === "confirm") {
        setExportState({ step: "confirm", sheetName: result.sheetName, existingRows: result.existingRows });
        return;
      }
      setExportState({ step: "idle" });
      if (result.status === "done") {
        setProblems({});
        notices.show({
          tone: "ok",
          message: `Wrote ${result.written.toLocaleString("en-US")} transaction${result.written === 1 ? "" : "s"} to the ${result.sheetName} sheet in ${result.seconds < 1 ? "under a second" : `${result.seconds} s`}. No credits used.`,
        });
      } else {
        setProblems(result.problems);
        notices.showError(result.error);
      }
    } catch (error) {
      setExportState({ step: "idle" });
      notices.showError(asUserError(error));
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
        loading={summaryBusy}
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
          busy={listBusy}
          onChange={setForm}
          onApply={() => void load(form, 0)}
          onClear={() => {
            setForm(emptyFilters());
            void load(emptyFilters(), 0);
          }}
        />
        <ExportPanel
          state={exportState}
          disabled={listBusy}
          onExport={(replace) => void runExport(replace)}
          onCancel={() => setExportState({ step: "idle" })}
        />
        {page ? (
          <TransactionList
            page={page}
            busy={listBusy}
            pageSize={pageSize}
            onPage={(offset) => void load(applied, offset)}
            onPageSize={(size) => {
              setPageSize(size);
              void load(applied, 0, size);
            }}
          />
        ) : (
          <p class="muted">{listBusy ? "Loading transactions…" : ""}</p>
        )}
      </section>
    </>
  );
}
