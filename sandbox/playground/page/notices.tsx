/** The add-on's ui.alert dialogs (one at a time, modal) and toasts (corner, fade after a while). */
import { useEffect } from "preact/hooks";

export interface Dialog {
  id: number;
  title: string;
  message: string;
}

export interface Toast {
  id: number;
  title: string;
  message: string;
}

const TOAST_MS = 5000;

export function AlertDialog({ dialog, onClose }: { dialog: Dialog; onClose(): void }) {
  return (
    <div class="dialog-backdrop">
      <div class="dialog" role="alertdialog" aria-modal="true" aria-labelledby={`dialog-${dialog.id}`}>
        <h2 id={`dialog-${dialog.id}`}>{dialog.title || "Alert"}</h2>
        <p>{dialog.message}</p>
        <div class="dialog-actions">
          <button type="button" class="primary" ref={(button) => button?.focus()} onClick={onClose}>
            OK
          </button>
        </div>
      </div>
    </div>
  );
}

function ToastCard({ toast, onDone }: { toast: Toast; onDone(id: number): void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDone(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onDone]);
  return (
    <div class="toast" role="status">
      {toast.title && <strong>{toast.title}</strong>}
      <span>{toast.message}</span>
      <button type="button" class="icon-button" aria-label="Dismiss" onClick={() => onDone(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function Toasts({ toasts, onDone }: { toasts: Toast[]; onDone(id: number): void }) {
  return (
    <div class="toasts">
      {toasts.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onDone={onDone} />
      ))}
    </div>
  );
}
