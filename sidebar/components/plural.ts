/** "1 company", "2 companies", "1,600 credits": counts as the sidebar writes them. */
export const plural = (n: number, word: string, many = `${word}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? word : many}`;
