/** One page of transactions, newest first, with Previous/Next and the page size. */
import type { TransactionPageView, TransactionRow } from "../../../src/rpc/credits";

export const PAGE_SIZES = [20, 50, 100] as const;

const LIST = { listStyle: "none", padding: 0, margin: "6px 0" } as const;
const ITEM = { borderTop: "1px solid var(--line)", padding: "6px 0" } as const;
const TOP = { display: "flex", justifyContent: "space-between", gap: "8px" } as const;
const SMALL = { fontSize: "12px" } as const;
const PAGER = { display: "flex", alignItems: "center", justifyContent: "space-between", gap: "6px" } as const;

function Row({ row }: { row: TransactionRow }) {
  return (
    <li style={ITEM} data-testid="credits-row">
      <div style={TOP}>
        <span title={row.createdAt}>{row.created}</span>
        <strong style={{ color: row.charge ? "var(--error)" : "var(--ok)" }} data-testid="credits-amount">
          {row.amount}
        </strong>
      </div>
      <div>{row.description}</div>
      <div class="muted" style={SMALL}>
        {/* A charge's after_balance is what its kind of request has used so far (PRODUCTION.md A9),
            not the balance: named by its field, so it is not read as one. */}
        <span title="The API's after_balance: on a charge, what that kind of request has used so far, not your balance">
          after_balance {row.afterBalance}
        </span>{" "}
        · {row.status} · {row.balanceType}
      </div>
    </li>
  );
}

export function TransactionList({
  page,
  busy,
  pageSize,
  onPage,
  onPageSize,
}: {
  page: TransactionPageView;
  busy: boolean;
  pageSize: number;
  onPage(offset: number): void;
  onPageSize(size: number): void;
}) {
  const first = page.rows.length === 0 ? 0 : page.offset + 1;
  const last = page.offset + page.rows.length;
  return (
    <>
      <div style={PAGER}>
        <span data-testid="credits-range">
          {page.count === 0
            ? "No transactions match."
            : `${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${page.count.toLocaleString("en-US")}`}
        </span>
        <select
          aria-label="Transactions per page"
          style={{ width: "auto" }}
          value={String(pageSize)}
          onChange={(e) => onPageSize(Number(e.currentTarget.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={String(size)}>
              {size} a page
            </option>
          ))}
        </select>
      </div>
      {page.ignored ? (
        <p class="notice error" data-testid="credits-ignored-filters">
          {page.ignored}
        </p>
      ) : null}
      <ul style={LIST} aria-label="Transactions, newest first">
        {page.rows.map((row) => (
          <Row key={row.id} row={row} />
        ))}
      </ul>
      <div class="buttons">
        <button
          type="button"
          class="secondary"
          disabled={busy || !page.hasPrevious}
          onClick={() => onPage(Math.max(0, page.offset - page.limit))}
        >
          Previous
        </button>
        <button
          type="button"
          class="secondary"
          disabled={busy || !page.hasNext}
          onClick={() => onPage(page.offset + page.limit)}
        >
          Next
        </button>
      </div>
    </>
  );
}
