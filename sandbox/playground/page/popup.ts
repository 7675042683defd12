/** A menu's open state that closes on a click outside its root element. */
import type { RefObject } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";

export function usePopup(): { open: boolean; setOpen(open: boolean): void; root: RefObject<HTMLDivElement> } {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener("mousedown", close);
    return () => window.removeEventListener("mousedown", close);
  }, [open]);
  return { open, setOpen, root };
}
