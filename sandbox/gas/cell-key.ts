/** Cell positions as one number: row * stride + column. */

/** Above Sheets' 18,278 columns. */
const KEY_STRIDE = 32_768;
export const cellKey = (row: number, column: number): number => row * KEY_STRIDE + column;
export const keyRow = (key: number): number => Math.floor(key / KEY_STRIDE);
export const keyColumn = (key: number): number => key % KEY_STRIDE;
