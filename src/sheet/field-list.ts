/**
 * Compile-time guard for column lists: a list built with `everyKeyOf<T>()(...)` must name every key
 * of T (and only keys of T), so a field added to a wire type cannot silently miss its column.
 * A missing key fails to compile with an error that names it (`missingKeys: "the_key"`).
 */
export function everyKeyOf<T>() {
  return <const L extends readonly (keyof T & string)[]>(
    list: L &
      ([Exclude<keyof T, L[number]>] extends [never]
        ? unknown
        : { missingKeys: Exclude<keyof T, L[number]> }),
  ): L => list;
}
