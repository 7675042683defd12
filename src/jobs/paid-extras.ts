/**
 * Paid data must reach a cell. The paid lookup options (posts, comments, people_also_viewed,
 * reactions: +1 credit per lead each) fill the lead fields of the same name, and nothing else. So a
 * field asked for without its option is a blank column that looks like "no posts", and an option
 * sent with no field to show it charges for data no one sees. Enrich and =LOOKUP_LEAD refuse both
 * with this one check and the same words; only the how-to at the end names each place's control.
 */
import { PAID_LOOKUP_OPTIONS } from "../api/wire";

const PAID: readonly string[] = PAID_LOOKUP_OPTIONS;

export interface PaidExtrasHowTo {
  /** How to turn the options on where the user is, e.g. `add them as the third argument`. */
  addOptions(options: readonly string[]): string;
  /** How to add the fields where the user is. */
  addFields(fields: readonly string[]): string;
}

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(", ");

/** Null when every paid option has a field and every paid field its option; else what to fix. */
export function paidExtrasProblem(
  fields: readonly string[],
  options: readonly string[],
  howTo: PaidExtrasHowTo,
): string | null {
  // In the order the user asked for them.
  const noOption = fields.filter((field) => PAID.includes(field) && !options.includes(field));
  if (noOption.length > 0) {
    const plural = noOption.length > 1;
    return (
      `The field${plural ? "s" : ""} ${quoted(noOption)} ${plural ? "are" : "is"} only filled with the option${plural ? "s" : ""} ` +
      `of the same name (+1 credit per lead each): ${howTo.addOptions(noOption)}, or leave the field${plural ? "s" : ""} out.`
    );
  }
  const noField = options.filter((option) => PAID.includes(option) && !fields.includes(option));
  if (noField.length > 0) {
    const plural = noField.length > 1;
    return (
      `The option${plural ? "s" : ""} ${quoted(noField)} cost${plural ? "" : "s"} +1 credit per lead each, but no field ` +
      `asked for shows ${plural ? "their" : "its"} data: ${howTo.addFields(noField)}, or leave the option${plural ? "s" : ""} out.`
    );
  }
  return null;
}
