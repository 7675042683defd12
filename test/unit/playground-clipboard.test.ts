import { describe, expect, it } from "vitest";
import { parseClipboardText } from "../../sandbox/playground/page/clipboard";

describe("parseClipboardText: plain text pasted into the playground's grid, as Sheets reads it", () => {
  it("makes one cell a line of a list without tabs (URLs copied from an email), dropping the last line break", () => {
    expect(parseClipboardText("https://a.example/in/x\nhttps://a.example/in/y\n")).toEqual([
      ["https://a.example/in/x"],
      ["https://a.example/in/y"],
    ]);
  });

  it("splits tabs into cells and \\r\\n into rows, keeping empty cells where they are", () => {
    expect(parseClipboardText("Name\tURL\r\nJane\t\r\n\tx")).toEqual([
      ["Name", "URL"],
      ["Jane", ""],
      ["", "x"],
    ]);
  });

  it("reads a quoted cell as Sheets copies it: a line break and a doubled quote inside", () => {
    expect(parseClipboardText('"Acme, Inc.\nParis"\t"say ""hi"""\nnext')).toEqual([
      ["Acme, Inc.\nParis", 'say "hi"'],
      ["next"],
    ]);
  });

  it("keeps a quote that does not close a cell as the cell's own text", () => {
    expect(parseClipboardText('"quoted" and more\t5" screen')).toEqual([['"quoted" and more', '5" screen']]);
    expect(parseClipboardText('"never closed')).toEqual([['"never closed']]);
  });

  it("is empty for empty text", () => {
    expect(parseClipboardText("")).toEqual([]);
  });
});
