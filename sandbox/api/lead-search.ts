import type { Endpoint } from "./endpoint.ts";
export const leadSearch: Endpoint = () => ({ status: 501, body: {} });
