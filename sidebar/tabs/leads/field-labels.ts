/** The Leads form's fields by the labels the user sees, for messages that point at one. */
const LABELS: Record<string, string> = {
  company_id: "Where",
  company_link: "Where",
  company_name: "Where",
  without_company: "Where",
  network_filter_link: "Where",
  selected_companies: "Where",
  personas: "Personas",
  locations: "Lead locations",
  lead_industries: "Lead industries",
  exclude_names: "Leave out these people",
  filter_empty_vars: "Only leads with",
  company_locations: "Headquarters locations",
  company_headcounts: "Headcounts",
  company_types: "Company types",
  past_company_names: "Past companies",
  years_in_company: "Years in company",
  years_in_position: "Years in position",
  groups: "Group ids",
  schools: "School ids",
  limit_by: "Max leads per search",
  offset_by: "Max leads per search",
};

export function fieldLabel(path: string): string {
  const root = path.replace(/\[.*$/, "");
  return LABELS[root] ?? root;
}
