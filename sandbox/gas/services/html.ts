/**
 * HtmlService: HTML outputs from the project's files ("sidebar" is dist/sidebar.html) or from a
 * string, with the setters the add-on uses, and templates from the project's files. Sandbox and
 * X-Frame modes are recorded, not enforced.
 */
import { enter, type ServiceHost } from "./host";

export class HtmlOutput {
  private title = "";
  private width = 300;
  private height = 0;

  constructor(
    private readonly host: ServiceHost,
    private content: string,
  ) {}

  private enter(method: string): void {
    enter(this.host, `HtmlOutput.${method}`);
  }

  setTitle(title: unknown): this {
    this.enter("setTitle");
    this.title = String(title);
    return this;
  }

  getTitle(): string {
    return this.title;
  }

  getContent(): string {
    return this.content;
  }

  setContent(content: unknown): this {
    this.enter("setContent");
    this.content = String(content);
    return this;
  }

  append(addedContent: unknown): this {
    this.enter("append");
    this.content += String(addedContent);
    return this;
  }

  setWidth(width: unknown): this {
    this.enter("setWidth");
    this.width = Number(width);
    return this;
  }

  getWidth(): number {
    return this.width;
  }

  setHeight(height: unknown): this {
    this.enter("setHeight");
    this.height = Number(height);
    return this;
  }

  getHeight(): number {
    return this.height;
  }

  setSandboxMode(_mode: unknown): this {
    this.enter("setSandboxMode");
    return this;
  }

  setXFrameOptionsMode(_mode: unknown): this {
    this.enter("setXFrameOptionsMode");
    return this;
  }

  addMetaTag(_name: unknown, _content: unknown): this {
    this.enter("addMetaTag");
    return this;
  }

  setFaviconUrl(_url: unknown): this {
    this.enter("setFaviconUrl");
    return this;
  }
}

/** Scriptlets of a template: `<? ... ?>`, `<?= ... ?>`, `<?!= ... ?>`. */
const SCRIPTLET = /<\?/;

/**
 * HtmlTemplate from a project file. getRawContent answers the file exactly as stored (Google: "the
 * unprocessed content"). evaluate runs the scriptlets in Apps Script; the emulation evaluates a
 * template without any and refuses one with scriptlets rather than answer something Google would not.
 */
export class HtmlTemplate {
  constructor(
    private readonly host: ServiceHost,
    private readonly raw: string,
  ) {}

  getRawContent(): string {
    enter(this.host, "HtmlTemplate.getRawContent");
    return this.raw;
  }

  evaluate(): HtmlOutput {
    enter(this.host, "HtmlTemplate.evaluate");
    if (SCRIPTLET.test(this.raw))
      throw this.host.exec.exception("HtmlTemplate.evaluate with scriptlets is not emulated.");
    return new HtmlOutput(this.host, this.raw);
  }
}

/** A project HTML file's text by HtmlService's name for it, recorded as read; throws as Google does when absent. */
function projectFile(host: ServiceHost, filename: unknown): string {
  const name = String(filename).replace(/\.html$/, "");
  const content = host.state.files[name];
  if (content === undefined) throw host.exec.exception(`No HTML file named ${name} was found.`);
  host.exec.filesRead.push(name);
  return content;
}

export function createHtmlService(host: ServiceHost): object {
  return {
    SandboxMode: { IFRAME: "IFRAME", NATIVE: "NATIVE", EMULATED: "EMULATED" },
    XFrameOptionsMode: { ALLOWALL: "ALLOWALL", DEFAULT: "DEFAULT" },
    createHtmlOutputFromFile: (filename: unknown) => {
      enter(host, "HtmlService.createHtmlOutputFromFile");
      return new HtmlOutput(host, projectFile(host, filename));
    },
    createTemplateFromFile: (filename: unknown) => {
      enter(host, "HtmlService.createTemplateFromFile");
      return new HtmlTemplate(host, projectFile(host, filename));
    },
    createHtmlOutput: (html?: unknown) => {
      enter(host, "HtmlService.createHtmlOutput");
      return new HtmlOutput(host, html === undefined ? "" : String(html));
    },
  };
}
