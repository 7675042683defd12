/**
 * The spreadsheet's UI as the add-on drives it: menus built by onOpen, alerts and prompts, toasts,
 * sidebars and dialogs. Everything shown is recorded in `UiState` (events, the current menus,
 * the open sidebar) and announced to listeners, so the playground can draw it and tests can
 * assert on it. Alerts block in Apps Script until the user answers: here a responder answers at
 * once (by default the first button: OK or YES); tests queue answers with `respondWith`.
 */

import { enter, type ServiceHost } from "./host";
import { HtmlOutput } from "./html";

export type MenuItemData =
  | { kind: "item"; caption: string; functionName: string }
  | { kind: "separator" }
  | { kind: "submenu"; menu: MenuData };

export interface MenuData {
  title: string;
  /** Built with createAddonMenu (shown under Extensions). */
  addon: boolean;
  items: MenuItemData[];
}

export type ButtonSetName = "OK" | "OK_CANCEL" | "YES_NO" | "YES_NO_CANCEL";
export type ButtonName = "OK" | "CANCEL" | "YES" | "NO" | "CLOSE";

export interface AlertData {
  kind: "alert" | "prompt";
  title: string;
  prompt: string;
  buttons: ButtonSetName;
}

export interface AlertAnswer {
  button: ButtonName;
  /** For prompts: the text typed. */
  text?: string;
}

export type UiEvent =
  | { type: "menu"; menu: MenuData }
  | ({ type: "alert" } & AlertData & { answer: AlertAnswer })
  | { type: "toast"; message: string; title: string; timeoutSeconds: number }
  | { type: "sidebar"; title: string; html: string }
  | { type: "dialog"; title: string; html: string; modal: boolean };

const BUTTON_SETS: Record<ButtonSetName, ButtonName[]> = {
  OK: ["OK"],
  OK_CANCEL: ["OK", "CANCEL"],
  YES_NO: ["YES", "NO"],
  YES_NO_CANCEL: ["YES", "NO", "CANCEL"],
};

export class UiState {
  readonly events: UiEvent[] = [];
  /** Menus on the menu bar, by title (the add-on's under its own title). */
  readonly menus: MenuData[] = [];
  /** The sidebar open now, or null. */
  sidebar: { title: string; html: string } | null = null;
  private readonly answers: AlertAnswer[] = [];
  private readonly listeners = new Set<(event: UiEvent) => void>();

  /** Queues answers for the next alerts/prompts (then the default answer again). */
  respondWith(...answers: AlertAnswer[]): void {
    this.answers.push(...answers);
  }

  onEvent(listener: (event: UiEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The user closed the sidebar. */
  closeSidebar(): void {
    this.sidebar = null;
  }

  /** Menu items by caption, flattened (submenus included). */
  menuItems(): Array<{ caption: string; functionName: string; menu: string }> {
    const out: Array<{ caption: string; functionName: string; menu: string }> = [];
    const walk = (menu: MenuData, title: string): void => {
      for (const item of menu.items) {
        if (item.kind === "item")
          out.push({ caption: item.caption, functionName: item.functionName, menu: title });
        if (item.kind === "submenu") walk(item.menu, title);
      }
    };
    for (const menu of this.menus) walk(menu, menu.title);
    return out;
  }

  answer(alert: AlertData): AlertAnswer {
    const queued = this.answers.shift();
    if (queued) return queued;
    return { button: BUTTON_SETS[alert.buttons][0]!, ...(alert.kind === "prompt" ? { text: "" } : {}) };
  }

  record(event: UiEvent): void {
    this.events.push(event);
    if (event.type === "menu") {
      const at = this.menus.findIndex((m) => m.title === event.menu.title);
      if (at >= 0) this.menus[at] = event.menu;
      else this.menus.push(event.menu);
    }
    if (event.type === "sidebar") this.sidebar = { title: event.title, html: event.html };
    for (const listener of this.listeners) listener(event);
  }
}

class Menu {
  private readonly data: MenuData;

  constructor(
    private readonly host: ServiceHost,
    title: string,
    addon: boolean,
  ) {
    this.data = { title, addon, items: [] };
  }

  addItem(caption: unknown, functionName: unknown): this {
    enter(this.host, "Menu.addItem");
    this.data.items.push({ kind: "item", caption: String(caption), functionName: String(functionName) });
    return this;
  }

  addSeparator(): this {
    enter(this.host, "Menu.addSeparator");
    this.data.items.push({ kind: "separator" });
    return this;
  }

  addSubMenu(menu: unknown): this {
    enter(this.host, "Menu.addSubMenu");
    if (!(menu instanceof Menu)) throw this.host.exec.exception("Invalid argument: menu");
    this.data.items.push({ kind: "submenu", menu: menu.data });
    return this;
  }

  addToUi(): void {
    enter(this.host, "Menu.addToUi");
    this.host.state.ui.record({ type: "menu", menu: structuredClone(this.data) });
  }
}

/** The object SpreadsheetApp.getUi() returns. */
export class Ui {
  readonly Button = { OK: "OK", CANCEL: "CANCEL", YES: "YES", NO: "NO", CLOSE: "CLOSE" } as const;
  readonly ButtonSet = {
    OK: "OK",
    OK_CANCEL: "OK_CANCEL",
    YES_NO: "YES_NO",
    YES_NO_CANCEL: "YES_NO_CANCEL",
  } as const;

  constructor(private readonly host: ServiceHost) {}

  createAddonMenu(): Menu {
    enter(this.host, "Ui.createAddonMenu");
    // An add-on's menu carries the add-on's name; a test deployment shows the script's name.
    return new Menu(this.host, "Prospecting", true);
  }

  createMenu(caption: unknown): Menu {
    enter(this.host, "Ui.createMenu");
    return new Menu(this.host, String(caption), false);
  }

  alert(...args: unknown[]): ButtonName {
    enter(this.host, "Ui.alert");
    return this.ask("alert", args).button;
  }

  prompt(...args: unknown[]): { getResponseText(): string; getSelectedButton(): ButtonName } {
    enter(this.host, "Ui.prompt");
    const answer = this.ask("prompt", args);
    return { getResponseText: () => answer.text ?? "", getSelectedButton: () => answer.button };
  }

  /** alert(prompt) | alert(prompt, buttons) | alert(title, prompt, buttons); the same for prompt. */
  private ask(kind: "alert" | "prompt", args: unknown[]): AlertAnswer {
    const texts = args.filter((a) => typeof a === "string" && !(a in BUTTON_SETS)) as string[];
    const buttonSet = args.find((a) => typeof a === "string" && a in BUTTON_SETS) as
      | ButtonSetName
      | undefined;
    const [title, prompt] = texts.length >= 2 ? [texts[0]!, texts[1]!] : ["", texts[0] ?? ""];
    const alert: AlertData = { kind, title, prompt, buttons: buttonSet ?? "OK" };
    const answer = this.host.state.ui.answer(alert);
    this.host.state.ui.record({ type: "alert", ...alert, answer });
    return answer;
  }

  showSidebar(userInterface: unknown): void {
    enter(this.host, "Ui.showSidebar");
    const html = this.html(userInterface);
    this.host.state.ui.record({ type: "sidebar", title: html.getTitle(), html: html.getContent() });
  }

  showModalDialog(userInterface: unknown, title: unknown): void {
    enter(this.host, "Ui.showModalDialog");
    const html = this.html(userInterface);
    this.host.state.ui.record({ type: "dialog", title: String(title), html: html.getContent(), modal: true });
  }

  showModelessDialog(userInterface: unknown, title: unknown): void {
    enter(this.host, "Ui.showModelessDialog");
    const html = this.html(userInterface);
    this.host.state.ui.record({
      type: "dialog",
      title: String(title),
      html: html.getContent(),
      modal: false,
    });
  }

  private html(userInterface: unknown): HtmlOutput {
    if (!(userInterface instanceof HtmlOutput))
      throw this.host.exec.exception("Invalid argument: userInterface");
    return userInterface;
  }
}

export function getUi(host: ServiceHost): Ui {
  enter(host, "SpreadsheetApp.getUi");
  if (host.exec.isCustomFunction)
    throw host.exec.exception("Cannot call SpreadsheetApp.getUi() from this context.");
  return new Ui(host);
}
