/**
 * Short forms of job-title words and what they stand for: the expansions production matches titles
 * with (PRODUCTION.md A5: "ceo = chief executive officer, IT = information technology, DIR =
 * director", and the VP family). The sandbox's persona matching and the add-on's job-change
 * comparison (src/jobs/job-text.ts) read titles by the same table. No imports: the sandbox loads it.
 */
export const TITLE_SHORT_FORMS: Readonly<Record<string, string>> = {
  ceo: "chief executive officer",
  cto: "chief technology officer",
  cfo: "chief financial officer",
  coo: "chief operating officer",
  cmo: "chief marketing officer",
  cio: "chief information officer",
  cro: "chief revenue officer",
  cpo: "chief product officer",
  it: "information technology",
  dir: "director",
  hr: "human resources",
  vp: "vice president",
  svp: "senior vice president",
  evp: "executive vice president",
  gvp: "group vice president",
  avp: "assistant vice president",
  mgr: "manager",
  sr: "senior",
  jr: "junior",
};
