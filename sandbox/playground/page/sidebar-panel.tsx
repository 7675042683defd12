/** The 300 px sidebar panel: the add-on's title, a close button, and the real sidebar.html in a frame. */
import type { Ref } from "preact";

interface SidebarPanelProps {
  title: string;
  revision: number;
  frame: Ref<HTMLIFrameElement>;
  onClose(): void;
}

export function SidebarPanel({ title, revision, frame, onClose }: SidebarPanelProps) {
  return (
    <aside class="sidebar-panel" aria-label="Add-on sidebar">
      <header>
        <span class="sidebar-title">{title}</span>
        <button type="button" class="icon-button" aria-label="Close sidebar" onClick={onClose}>
          ×
        </button>
      </header>
      {/* Sandboxed like Apps Script's sidebar frame: scripts, forms and new-tab links, no top navigation. */}
      <iframe
        ref={frame}
        title={title}
        src={`/sidebar.html?revision=${revision}`}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals"
      />
    </aside>
  );
}
