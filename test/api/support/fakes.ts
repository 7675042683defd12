/** In-memory fakes of the Http and Clock ports for unit tests: time only moves when told. */
import type { Clock, Http, HttpOutcome, HttpRequest } from "../../../src/api/ports";

export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  constructor(public time = 1_000_000) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): void {
    this.sleeps.push(ms);
    this.time += ms;
  }
}

export interface FakeHttp extends Http {
  /** Every fetchAll call, with its requests. */
  calls: HttpRequest[][];
}

/** Answers each request with `answer`; each fetchAll call takes `latencyMs` of fake time. */
export function fakeHttp(
  clock: FakeClock,
  answer: (request: HttpRequest, attempt: number) => HttpOutcome,
  latencyMs = 100,
): FakeHttp {
  const attempts = new Map<string, number>();
  const calls: HttpRequest[][] = [];
  return {
    calls,
    fetchAll(requests) {
      calls.push(requests);
      clock.time += latencyMs;
      return requests.map((request) => {
        const key = `${request.url} ${request.payload ?? ""}`;
        const attempt = (attempts.get(key) ?? 0) + 1;
        attempts.set(key, attempt);
        return answer(request, attempt);
      });
    },
  };
}

export function json(status: number, body: unknown): HttpOutcome {
  return { kind: "response", status, body: JSON.stringify(body) };
}

export function errorBody(status: number, detail: unknown): HttpOutcome {
  return json(status, { status: "error", status_code: status, detail });
}

export function payloadOf(request: HttpRequest): Record<string, unknown> {
  return JSON.parse(request.payload ?? "{}") as Record<string, unknown>;
}
