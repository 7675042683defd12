/**
 * Which rows of the grid to draw: the ones in view plus a margin. A sheet of thousands of rows
 * (a Leads sheet) would otherwise put tens of thousands of cells in the page and make every click
 * slow; spacer rows above and below keep the scroll height right.
 */
import type { RefObject } from "preact";
import { useEffect, useState } from "preact/hooks";

/** Height of one grid row in px (style.css: 21 px + 1 px border). */
export const ROW_HEIGHT = 22;
/** Rows drawn beyond the view on each side, so scrolling and short sheets show no gaps. */
const OVERSCAN = 40;

export interface RowWindow {
  first: number;
  /** One past the last row drawn. */
  end: number;
}

export function useVisibleRows(box: RefObject<HTMLElement>, total: number): RowWindow {
  const [view, setView] = useState({ top: 0, height: 800 });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => setView({ top: element.scrollTop, height: element.clientHeight });
    update();
    element.addEventListener("scroll", update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(element);
    return () => {
      element.removeEventListener("scroll", update);
      resize.disconnect();
    };
  }, [box]);
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const end = Math.min(total, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  return { first, end };
}

/** Scrolls `box` so that `row` is in view (the grid may not have drawn it yet). */
export function scrollRowIntoView(box: HTMLElement, row: number, headerHeight: number): void {
  const top = row * ROW_HEIGHT;
  const visibleTop = box.scrollTop;
  const visibleBottom = box.scrollTop + box.clientHeight - headerHeight;
  if (top < visibleTop) box.scrollTop = top;
  else if (top + ROW_HEIGHT > visibleBottom)
    box.scrollTop = top + ROW_HEIGHT - (box.clientHeight - headerHeight);
}
