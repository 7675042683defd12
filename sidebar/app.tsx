/** The sidebar: tabs for each workflow, one notice area, and the version and help links at the bottom. */
import { useEffect, useState } from "preact/hooks";
import { DraftScope } from "./components/drafts";
import { Footer } from "./components/footer";
import { NoticeBar, NoticeProvider } from "./components/notices";
import { type TabSpec, Tabs } from "./components/tabs";
import { call } from "./rpc-client";
import { CompaniesTab } from "./tabs/companies";
import { CreditsTab } from "./tabs/credits";
import { EnrichTab } from "./tabs/enrich";
import { LeadsTab } from "./tabs/leads";
import { SettingsTab } from "./tabs/settings";

const TABS = [
  { id: "companies", label: "Companies" },
  { id: "leads", label: "Leads" },
  { id: "enrich", label: "Enrich" },
  { id: "credits", label: "Credits" },
  { id: "settings", label: "Settings" },
] as const satisfies readonly TabSpec<string>[];

type TabId = (typeof TABS)[number]["id"];

/** What each tab will do, shown until its feature lands. */
const PLANNED: Record<TabId, string> = {
  companies: "Search companies by ideal-customer profile and write them into a Companies sheet.",
  leads: "Search leads by personas and write them into a Leads sheet.",
  enrich: "Refresh rows of profile URLs in place: role, company and location.",
  credits: "Your balance, transactions and spend cap.",
  settings: "Connect your API key.",
};

function Planned({ tab }: { tab: TabId }) {
  return (
    <>
      <p>{PLANNED[tab]}</p>
      <p class="muted">Not available in this version yet.</p>
    </>
  );
}

export function App() {
  const [tab, setTab] = useState<TabId>("companies");
  // The menu item "Enrich selected profile URLs", or an unfinished run, opens on the Enrich tab.
  useEffect(() => {
    call("enrichStartup", null).then(
      (startup) => {
        const unfinished = ["running", "paused", "stopped"].includes(startup.job?.state ?? "");
        if (startup.focus || unfinished) setTab("enrich");
      },
      () => undefined,
    );
  }, []);
  return (
    <NoticeProvider resetKey={tab}>
      <DraftScope>
        <Tabs tabs={TABS} selected={tab} onSelect={(id) => setTab(id)}>
          <NoticeBar />
          {tab === "settings" ? (
            <SettingsTab />
          ) : tab === "enrich" ? (
            <EnrichTab />
          ) : tab === "leads" ? (
            <LeadsTab />
          ) : tab === "companies" ? (
            <CompaniesTab />
          ) : tab === "credits" ? (
            <CreditsTab onOpenSettings={() => setTab("settings")} />
          ) : (
            <Planned tab={tab} />
          )}
          <Footer />
        </Tabs>
      </DraftScope>
    </NoticeProvider>
  );
}
