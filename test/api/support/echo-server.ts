/**
 * A tiny HTTP server for the synchronous HTTP tests, run on a worker thread (the test thread
 * blocks in fetchAllSync). Routes: /echo (method, headers, body back as JSON), /delay/<ms>,
 * /status/<code>, /stats (peak concurrency seen), /reset.
 */
import { createServer } from "node:http";
import { parentPort } from "node:worker_threads";

let inFlight = 0;
let peak = 0;

const server = createServer((request, response) => {
  const url = request.url ?? "/";
  if (url === "/stats") {
    response.end(JSON.stringify({ peak }));
    return;
  }
  if (url === "/reset") {
    peak = 0;
    response.end("{}");
    return;
  }
  inFlight++;
  peak = Math.max(peak, inFlight);
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const delay = /^\/delay\/(\d+)/.exec(url);
    const status = /^\/status\/(\d+)/.exec(url);
    const answer = () => {
      inFlight--;
      response.statusCode = status ? Number(status[1]) : 200;
      response.setHeader("Content-Type", "application/json");
      response.end(
        JSON.stringify({
          method: request.method,
          url,
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    };
    if (delay) setTimeout(answer, Number(delay[1]));
    else answer();
  });
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  parentPort?.postMessage({ url: `http://127.0.0.1:${port}` });
});
