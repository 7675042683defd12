/** The real built add-on (dist/Code.js, dist/sidebar.html) in the emulated runtime. */
import { describe, expect, it } from "vitest";
import { createRuntime } from "../../sandbox/gas/runtime";
import { builtAddon } from "../runtime/support";
import { scriptedNetwork } from "./harness";

describe("dist/Code.js in the runtime", () => {
  it("builds its menu on open in AuthMode.NONE and opens the real sidebar", () => {
    const rt = createRuntime({ ...builtAddon(), fetchAll: scriptedNetwork().fetchAll });
    rt.open();
    const items = rt.ui.menuItems();
    expect(items.map((i) => i.functionName)).toContain("showSidebar");
    rt.clickMenu(items.find((i) => i.functionName === "showSidebar")!.caption);
    expect(rt.ui.sidebar?.html).toBe(builtAddon().sidebarHtml);
  });

  it("answers the sidebar's getServerInfo through rpc", () => {
    const rt = createRuntime({ ...builtAddon(), fetchAll: scriptedNetwork().fetchAll });
    expect(rt.rpc("getServerInfo", null)).toMatchObject({ ok: true, value: { version: expect.any(String) } });
  });
});

describe("install", () => {
  it("builds the menu through onInstall", () => {
    const rt = createRuntime({ ...builtAddon(), fetchAll: scriptedNetwork().fetchAll });
    rt.install();
    expect(rt.ui.menus).toHaveLength(1);
  });
});
