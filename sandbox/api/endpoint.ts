/** What an endpoint handler receives and answers; the server does auth, limits, faults and charging. */
import type { Dataset } from "./dataset.ts";
import type { SandboxState } from "./state.ts";

export interface EndpointRequest {
  key: string;
  /** Raw body text (POST) */
  body: string;
  /** Parsed query (GET). */
  query: URLSearchParams;
  /** Parameters taken from the path (the bulk status path's job_id). */
  params?: Record<string, string>;
  /** Base URL the request was addressed to, for absolute next/previous links. */
  baseUrl: string;
  headers: Record<string, string | string[] | undefined>;
  data: Dataset;
  state: SandboxState;
}

export interface ChargeRequest {
  credits: number;
  balanceType: string;
  description: string;
  /** The lookup URL as sent, for the stats ledger. */
  url?: string;
}

export interface EndpointAnswer {
  status: number;
  body: unknown;
  /** Credits to take before answering; a 402 replaces the answer when the balance is short. */
  charge?: ChargeRequest;
  /** Extra wait before answering (a fresh lookup is slower), still counted as in flight. */
  extraDelayMs?: number;
}

export type Endpoint = (request: EndpointRequest) => EndpointAnswer;
