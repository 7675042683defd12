/**
 * The Settings tab: connect an API key (shown masked; the key itself never comes back from the
 * server), test the connection with a free call, and the advanced settings (API address, parallel
 * chunk size, spend cap per run). The server checks every field and answers problems per field.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type {
  ConnectionTest,
  SaveSettingsResult,
  SettingsChange,
  SettingsField,
  SettingsView,
} from "../../src/rpc/settings";
import { balanceText } from "../components/balance-note";
import { useNotices } from "../components/notices";
import { useServerCall } from "../components/use-server-call";
import { asUserError, call } from "../rpc-client";

type Problems = Partial<Record<SettingsField, string>>;

const ERROR_STYLE = { color: "var(--error)", fontSize: "12px" };

function FieldProblem({ id, problem }: { id: string; problem: string | undefined }) {
  if (!problem) return null;
  return (
    <span id={id} role="alert" style={ERROR_STYLE}>
      {problem}
    </span>
  );
}

function describedBy(field: SettingsField, hint: boolean, problems: Problems): string | undefined {
  const ids = [hint ? `${field}-hint` : "", problems[field] ? `${field}-problem` : ""].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/** A whole-number setting: label, input with its range, hint and problem, wired for screen readers. */
function NumberField(props: {
  id: string;
  field: SettingsField;
  label: string;
  /** The smallest value the server accepts (1 unless said). */
  min?: number;
  max: number;
  value: string;
  problems: Problems;
  onInput(value: string): void;
  children: ComponentChildren;
}) {
  const { id, field, problems } = props;
  return (
    <div class="form-group">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type="number"
        min={props.min ?? 1}
        max={props.max}
        step={1}
        value={props.value}
        aria-invalid={problems[field] ? true : undefined}
        aria-describedby={describedBy(field, true, problems)}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
      <span class="hint" id={`${field}-hint`}>
        {props.children}
      </span>
      <FieldProblem id={`${field}-problem`} problem={problems[field]} />
    </div>
  );
}

/** A setting with a few fixed choices, as a drop-down. */
function ChoiceField(props: {
  id: string;
  field: SettingsField;
  label: string;
  value: string;
  choices: ReadonlyArray<readonly [string, string]>;
  problems: Problems;
  onChange: (value: string) => void;
  children: ComponentChildren;
}) {
  return (
    <div class="form-group">
      <label for={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        aria-invalid={props.problems[props.field] ? true : undefined}
        aria-describedby={describedBy(props.field, true, props.problems)}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {props.choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <span class="hint" id={`${props.field}-hint`}>
        {props.children}
      </span>
      <FieldProblem id={`${props.field}-problem`} problem={props.problems[props.field]} />
    </div>
  );
}

/** The notice for a connection test: the balance, or the error with its next step. */
function connectionNotice(test: ConnectionTest) {
  if (!test.ok) return { tone: "error" as const, message: test.error.message, next: test.error.next };
  const message = `Connected to ${test.baseUrl}. Balance: ${balanceText(test.balance, test.reserved)}.`;
  // Connected, but every lookup would fail: not a green light.
  if (test.warning) return { tone: "info" as const, message, next: test.warning };
  return { tone: "ok" as const, message };
}

/** The notice after a key was saved: its check, or why it could not be checked. */
function savedKeyNotice(check: ConnectionTest) {
  if (check.ok) return connectionNotice(check);
  return {
    tone: "info" as const,
    message: `Key saved, but it could not be checked: ${check.error.message}`,
    next: `${check.error.next} Then press Test connection.`,
  };
}

/**
 * A button that stays focusable while the tab is busy: a disabled button drops keyboard focus to
 * the page body, so busy buttons are only marked (aria-disabled) and their actions ignored.
 */
function BusyButton(props: {
  type: "submit" | "button";
  class: string;
  busy: boolean;
  onClick?: () => void;
  children: ComponentChildren;
}) {
  const { busy, onClick, ...rest } = props;
  return (
    <button
      {...rest}
      aria-disabled={busy ? "true" : undefined}
      style={busy ? { opacity: 0.5, cursor: "default" } : undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.();
      }}
    />
  );
}

export function SettingsTab() {
  const notices = useNotices();
  const [view, setView] = useState<SettingsView | null>(null);
  const [apiKey, setApiKey] = useState("");
  const [baseUrl, setBaseUrl] = useState("");
  const [chunkSize, setChunkSize] = useState("");
  const [spendCap, setSpendCap] = useState("");
  const [formulaBudget, setFormulaBudget] = useState("");
  const [fetchQuota, setFetchQuota] = useState("");
  const [triggerMinutes, setTriggerMinutes] = useState("");
  const [headerStyle, setHeaderStyle] = useState("readable");
  const [listStyle, setListStyle] = useState("readable");
  const [apiGeneration, setApiGeneration] = useState("auto");
  const [emailRowsPerCall, setEmailRowsPerCall] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  // One action at a time: the buttons stay focusable while busy, and a keypress may arrive before
  // the re-render that marks them.
  const { busy, task, isRunning, run } = useServerCall<"key" | "remove" | "test" | "advanced">({
    oneAtATime: true,
  });
  const keyInput = useRef<HTMLInputElement>(null);

  const show = (next: SettingsView) => {
    setView(next);
    setBaseUrl(next.baseUrlIsDefault ? "" : next.baseUrl);
    setChunkSize(String(next.chunkSize));
    setSpendCap(String(next.spendCap));
    setFormulaBudget(next.formulaBudget === null ? "off" : String(next.formulaBudget));
    setFetchQuota(String(next.fetchQuota));
    setTriggerMinutes(String(next.triggerMinutes));
    setHeaderStyle(next.headerStyle);
    setListStyle(next.listStyle);
    setApiGeneration(next.apiGeneration);
    setEmailRowsPerCall(String(next.emailRowsPerCall));
  };

  // Load once when the tab opens.
  useEffect(() => {
    call("getSettings", null).then(show, (error) => notices.showError(asUserError(error)));
  }, []);

  async function testConnection() {
    await run(async () => notices.show(connectionNotice(await call("testConnection", null))), "test");
  }

  /** Saves `change`; the answer when saved, null (problems shown) otherwise. */
  async function save(change: SettingsChange, what: "key" | "advanced"): Promise<SaveSettingsResult | null> {
    const saved = await run(async () => {
      const result = await call("saveSettings", change);
      if (!result.saved) {
        setProblems(result.problems);
        notices.show({ tone: "error", message: "Nothing was saved: fix the fields marked below." });
        return null;
      }
      setProblems({});
      show(result.settings);
      return result;
    }, what);
    return saved ?? null;
  }

  async function saveKey(event: Event) {
    event.preventDefault();
    if (isRunning()) return;
    if (apiKey.trim() === "") {
      setProblems({ apiKey: "Paste your API key first (with or without 'Token ')." });
      return;
    }
    const result = await save({ apiKey }, "key");
    if (result?.saved) {
      setApiKey("");
      // The server tested the key before saving it: show that test's answer.
      if (result.keyCheck) notices.show(savedKeyNotice(result.keyCheck));
    }
  }

  async function saveAdvanced(event: Event) {
    event.preventDefault();
    if (
      await save(
        {
          baseUrl,
          chunkSize,
          spendCap,
          formulaBudget,
          fetchQuota,
          triggerMinutes,
          headerStyle,
          listStyle,
          apiGeneration,
          emailRowsPerCall,
        },
        "advanced",
      )
    ) {
      notices.show({ tone: "ok", message: "Settings saved." });
    }
  }

  async function removeKey() {
    await run(async () => {
      show(await call("removeApiKey", null));
      notices.show({
        tone: "info",
        message:
          "The API key was removed. Formulas and searches will ask for one until you save a key again.",
      });
      // The Remove key button is gone: keep the keyboard where the next step is.
      keyInput.current?.focus();
    }, "remove");
  }

  if (view === null) return <p class="muted">Loading settings…</p>;

  return (
    <>
      <form onSubmit={saveKey} aria-labelledby="settings-key-title" noValidate>
        <h2 id="settings-key-title">API key</h2>
        <p data-testid="settings-key-status">
          {view.hasKey ? (
            <>
              Saved key: <strong>{view.maskedKey}</strong>
            </>
          ) : (
            "No key saved yet."
          )}
        </p>
        <p class="muted" id="apiKey-hint">
          Kept in your own user properties, never in the spreadsheet. Formulas in a spreadsheet use its
          owner's key.
        </p>
        <div class="form-group">
          <label for="settings-api-key">{view.hasKey ? "Replace the key" : "Your API key"}</label>
          <input
            ref={keyInput}
            id="settings-api-key"
            type="password"
            autocomplete="off"
            spellcheck={false}
            value={apiKey}
            placeholder="Token … or the key alone"
            aria-invalid={problems.apiKey ? true : undefined}
            aria-describedby={describedBy("apiKey", true, problems)}
            onInput={(e) => setApiKey(e.currentTarget.value)}
          />
          <FieldProblem id="apiKey-problem" problem={problems.apiKey} />
        </div>
        <div class="buttons">
          <BusyButton type="submit" class="action" busy={busy}>
            {task === "key" ? "Saving…" : "Save key"}
          </BusyButton>
          {view.hasKey ? (
            <BusyButton type="button" class="secondary" busy={busy} onClick={removeKey}>
              Remove key
            </BusyButton>
          ) : null}
          <BusyButton type="button" class="secondary" busy={busy} onClick={testConnection}>
            {task === "test" ? "Testing…" : "Test connection"}
          </BusyButton>
        </div>
      </form>

      <form onSubmit={saveAdvanced} aria-labelledby="settings-advanced-title" noValidate>
        <h2 id="settings-advanced-title">Advanced</h2>
        <div class="form-group">
          <label for="settings-base-url">API address</label>
          <input
            id="settings-base-url"
            type="text"
            inputMode="url"
            spellcheck={false}
            value={baseUrl}
            placeholder={view.defaultBaseUrl}
            aria-invalid={problems.baseUrl ? true : undefined}
            aria-describedby={describedBy("baseUrl", true, problems)}
            onInput={(e) => setBaseUrl(e.currentTarget.value)}
          />
          <span class="hint" id="baseUrl-hint">
            Empty uses the default, {view.defaultBaseUrl}.
          </span>
          <FieldProblem id="baseUrl-problem" problem={problems.baseUrl} />
        </div>
        <NumberField
          id="settings-chunk-size"
          field="chunkSize"
          label="Parallel requests per batch"
          max={view.maxChunkSize}
          value={chunkSize}
          problems={problems}
          onInput={setChunkSize}
        >
          1 to {view.maxChunkSize}. Lower it if the API says it is busy.
        </NumberField>
        <NumberField
          id="settings-spend-cap"
          field="spendCap"
          label="Spend cap per run (credits)"
          max={view.maxSpendCap}
          value={spendCap}
          problems={problems}
          onInput={setSpendCap}
        >
          The most one formula, enrichment run, company or lead search, or Emails run may spend.
        </NumberField>
        <div class="form-group">
          <label for="settings-formula-budget">Formula credits per day, this spreadsheet</label>
          <input
            id="settings-formula-budget"
            type="text"
            inputMode="numeric"
            value={formulaBudget}
            aria-invalid={problems.formulaBudget ? true : undefined}
            aria-describedby={describedBy("formulaBudget", true, problems)}
            onInput={(e) => setFormulaBudget(e.currentTarget.value)}
          />
          <span class="hint" id="formulaBudget-hint">
            Formulas spend the spreadsheet owner's key, whoever types them: at most this many credits a day
            here, or "off". Spent today: {view.formulaSpentToday}.
          </span>
          <FieldProblem id="formulaBudget-problem" problem={problems.formulaBudget} />
        </div>
        <NumberField
          id="settings-fetch-quota"
          field="fetchQuota"
          label="Daily web requests (Apps Script)"
          max={view.maxFetchQuota}
          value={fetchQuota}
          problems={problems}
          onInput={setFetchQuota}
        >
          Google allows 20,000 a day (Workspace accounts: 100,000); every lookup is one. Enrich warns when a
          run needs more than are left today.
        </NumberField>
        <NumberField
          id="settings-trigger-minutes"
          field="triggerMinutes"
          label="Trigger minutes a day (scheduled refresh)"
          min={10}
          max={view.maxTriggerMinutes}
          value={triggerMinutes}
          problems={problems}
          onInput={setTriggerMinutes}
        >
          Google lets all of your triggers together run 90 minutes a day (Workspace accounts, 100,000 web
          requests above: 6 hours), then fails them until the next day. Scheduled runs stop before this much
          is used in any 24 hours and go on when time is free again. At least 10.
        </NumberField>
        <ChoiceField
          id="settings-header-style"
          field="headerStyle"
          label="Column headers (Companies, Leads, Enrich)"
          value={headerStyle}
          choices={[
            ["readable", "Readable (Company, Website, Headcount)"],
            ["api", "API field names (name, website, headcount_range)"],
          ]}
          problems={problems}
          onChange={setHeaderStyle}
        >
          For new columns. A readable header's note names its API field; either kind is recognised.
        </ChoiceField>
        <ChoiceField
          id="settings-list-style"
          field="listStyle"
          label="List fields (experience, education…)"
          value={listStyle}
          choices={[
            ["readable", "Readable text (Title at Company (2019 - 2023); …)"],
            ["json", "JSON"],
          ]}
          problems={problems}
          onChange={setListStyle}
        >
          How the Companies and Leads sheets, enrichment and =LOOKUP_LEAD write lists (formulas use the
          owner's choice).
        </ChoiceField>
        <ChoiceField
          id="settings-api-generation"
          field="apiGeneration"
          label="API generation (Enrich, Retry, scheduled refresh)"
          value={apiGeneration}
          choices={[
            ["auto", "Auto: bulk jobs; lookups if your plan lacks them"],
            ["current", "Current: bulk jobs only"],
            ["legacy", "Legacy: one lookup per URL"],
          ]}
          problems={problems}
          onChange={setApiGeneration}
        >
          Bulk jobs enrich 50 profiles a request and never wait on a slow one: faster, and no answer paid for
          is lost. Formulas and searches use the spec's endpoints either way.
        </ChoiceField>
        <NumberField
          id="settings-email-rows-per-call"
          field="emailRowsPerCall"
          label="Email rows per call"
          max={view.maxEmailRowsPerCall}
          value={emailRowsPerCall}
          problems={problems}
          onInput={setEmailRowsPerCall}
        >
          1 to {view.maxEmailRowsPerCall}: rows one call to the email finder or validator carries (Emails,
          Enrich's Work email, Leads, =FIND_EMAIL). The API does not document a limit, and a call that fails
          after sending may have charged all its rows: small is safer, larger is faster.
        </NumberField>
        <div class="buttons">
          <BusyButton type="submit" class="action" busy={busy}>
            {task === "advanced" ? "Saving…" : "Save settings"}
          </BusyButton>
        </div>
      </form>
    </>
  );
}
