/**
 * HtmlService: HTML outputs from the project's files ("sidebar" is dist/sidebar.html) or from a
 * string, with the setters the add-on uses. Sandbox and X-Frame modes are recorded, not enforced.
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

export function createHtmlService(host: ServiceHost): object {
  return {
    SandboxMode: { IFRAME: "IFRAME", NATIVE: "NATIVE", EMULATED: "EMULATED" },
    XFrameOptionsMode: { ALLOWALL: "ALLOWALL", DEFAULT: "DEFAULT" },
    createHtmlOutputFromFile: (filename: unknown) => {
      enter(host, "HtmlService.createHtmlOutputFromFile");
      const name = String(filename).replace(/\.html$/, "");
      const content = host.state.files[name];
      if (content === undefined) throw host.exec.exception(`No HTML file named ${name} was found.`);
      host.exec.filesRead.push(name);
      return new HtmlOutput(host, content);
    },
    createHtmlOutput: (html?: unknown) => {
      enter(host, "HtmlService.createHtmlOutput");
      return new HtmlOutput(host, html === undefined ? "" : String(html));
    },
  };
}
