/**
 * What the personas editor suggests (../shared/PRODUCTION.md A5: production personas are free-text
 * keywords matched in the job title, so these suggest and never restrict), and ready-made personas.
 */
import type { PersonaForm } from "../../src/jobs/lead-search/form";
import { vocabulary } from "./fold";

/** Job functions: words found in titles. A5 expands ceo, IT and DIR itself. */
export const FUNCTIONS = vocabulary([
  "marketing",
  "sales",
  "business development",
  "engineering",
  "software",
  "product",
  "design",
  "data",
  "information technology",
  "IT",
  "security",
  "operations",
  "finance",
  "accounting",
  "human resources",
  "people",
  "talent",
  "recruiting",
  "legal",
  "customer success",
  "support",
  "procurement",
  "purchasing",
  "supply chain",
  "partnerships",
  "growth",
  "revenue",
  "communications",
  "research",
  "strategy",
  "executive officer",
  "ceo",
  "cto",
  "cfo",
  "coo",
  "cmo",
  "founder",
]);

/**
 * Seniorities: every word of an entry must be in the title. A5: vp also finds SVP, EVP, GVP, AVP;
 * chief, c-lvl and cxo find "Chief ... Officer"; manager+ is Manager up to Chief Officer.
 */
export const SENIORITIES = vocabulary(
  [
    "owner",
    "founder",
    "co-founder",
    "partner",
    "chief",
    "cxo",
    "c-lvl",
    "president",
    "vp",
    "head",
    "director",
    "manager+",
    "manager",
    "lead",
    "principal",
    "senior",
    "junior",
    "intern",
  ],
  // A5 documents c-lvl (with chief and cxo) for "Chief ... Officer", not "C-level" or "C-suite",
  // which as plain phrases are in no title: sent as c-lvl, they find chiefs either way.
  { "c-level": "c-lvl", "c-suite": "c-lvl" },
);

/**
 * One click fills a persona card; every keyword stays editable. Founders and executives are any
 * function (functions `[]`, as production's own examples) at those seniorities.
 */
export const PERSONA_PRESETS: ReadonlyArray<{ label: string; persona: PersonaForm }> = [
  {
    label: "Founders",
    persona: {
      name: "Founders",
      functions: [],
      seniorities: ["founder", "co-founder", "owner"],
      prohibit: [],
    },
  },
  {
    label: "Executives",
    persona: {
      name: "Executives",
      functions: [],
      seniorities: ["chief", "cxo", "president", "vp"],
      prohibit: ["assistant"],
    },
  },
  {
    label: "Marketing leaders",
    persona: {
      name: "Marketing leaders",
      functions: ["marketing", "growth"],
      seniorities: ["head", "director", "vp", "chief"],
      prohibit: ["assistant", "intern"],
    },
  },
  {
    label: "Sales leaders",
    persona: {
      name: "Sales leaders",
      functions: ["sales", "revenue", "business development"],
      seniorities: ["head", "director", "vp", "chief"],
      prohibit: ["assistant", "intern"],
    },
  },
  {
    label: "Engineering leaders",
    persona: {
      name: "Engineering leaders",
      functions: ["engineering", "software", "cto"],
      seniorities: ["head", "director", "vp", "chief"],
      prohibit: ["intern"],
    },
  },
];
