/** The list fields' kinds over the pick lists, shared by the Companies and Leads forms. */
import { idEntries, keywordEntries, listEntries, personNameEntries } from "../components/list-entries";
import { INDUSTRIES } from "./industries";
import { LOCATIONS } from "./locations";
import { FUNCTIONS, SENIORITIES } from "./personas";

export const INDUSTRY_ENTRIES = listEntries(INDUSTRIES, { complete: true, what: "in the industry list" });
export const LOCATION_ENTRIES = listEntries(LOCATIONS, { complete: false, what: "a listed location" });
export const COMPANY_ID_ENTRIES = idEntries("a company id (network_id)", "company");
export const GROUP_ID_ENTRIES = idEntries("a group id", "groups");
export const SCHOOL_ID_ENTRIES = idEntries("a school id", "school");
export const FUNCTION_ENTRIES = keywordEntries(FUNCTIONS);
export const SENIORITY_ENTRIES = keywordEntries(SENIORITIES);
export const LEAVE_OUT_NAME_ENTRIES = personNameEntries;
