/**
 * What a block write costs in production (PRODUCTION.md G6; sandbox/gas/cost-model.ts): the call,
 * and committing its cells, which is most of it for big blocks. Used to plan work that must fit
 * an execution: how to cover changed cells (enrich/rectangles.ts), how long an export may fetch.
 */
export const BLOCK_WRITE_CALL_MS = 0.4;
/** Writing a cell (0.01 ms) and committing it at the flush (0.135 ms). */
export const WRITE_MS_PER_CELL = 0.145;
