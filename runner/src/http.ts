// The HTTP contract of shared/spec/README.md: POST /v1/execute, POST /v1/judge,
// GET /healthz; 401 without the bearer token, 400 for a malformed body or an
// unknown language, 413 for code over the size limit or input over 1 MB, 429
// with Retry-After when the queue is full. GET /v1/interactive is a WebSocket
// (contracts/runner.ts, interactive.ts), authenticated the same way.
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { z } from "zod";
import { ExecuteRequestSchema, JudgeRequestSchema, MAX_CHECKER_SOURCE_CHARS, type Priority } from "../../contracts/runner.ts";
import type { Config } from "./config.ts";
import type { Engine } from "./engine.ts";
import { refuseUpgrade, type InteractiveSessions } from "./interactive.ts";
import { QueueFullError } from "./scheduler.ts";

class HttpError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

async function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new HttpError(413, `Request body over ${Math.round(maxBytes / 1024)} KB`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpError(400, "Body must be JSON");
  }
}

function parse<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const path = issue.path.join(".");
    // Messages that name their field (limits.timeMs, checker.source) need no prefix.
    const where = path && !issue.message.startsWith(path) ? `${path}: ` : "";
    throw new HttpError(400, `${where}${issue.message}`);
  }
  return result.data;
}

export function createRunnerServer(config: Config, engine: Engine, sessions: InteractiveSessions): Server {
  const token = Buffer.from(`Bearer ${config.token}`);
  const maxCode = config.maxCodeKb * 1024;
  const maxInput = config.maxInputKb * 1024;
  // Room for the largest valid judge body; anything bigger is refused unread.
  const maxBody = maxCode + config.maxTestCases * 2 * maxInput + 6 * MAX_CHECKER_SOURCE_CHARS + 64 * 1024;

  const authorized = (req: IncomingMessage) => {
    const given = Buffer.from(req.headers.authorization ?? "");
    return given.length === token.length && timingSafeEqual(given, token);
  };

  const checkSizes = (code: string, inputs: string[]) => {
    if (Buffer.byteLength(code) > maxCode) throw new HttpError(413, `Code over ${config.maxCodeKb} KB`);
    for (const input of inputs) {
      if (Buffer.byteLength(input) > maxInput) throw new HttpError(413, `Input over ${config.maxInputKb} KB`);
    }
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://runner");
    if (req.method === "GET" && url.pathname === "/healthz") {
      return send(res, 200, { ok: true, languages: engine.languageList, queue: engine.scheduler.stats, interactive: sessions.stats });
    }
    if (url.pathname === "/v1/interactive") {
      if (!authorized(req)) throw new HttpError(401, "Missing or wrong token");
      throw new HttpError(426, "Use a WebSocket (Upgrade: websocket)", { Upgrade: "websocket" });
    }
    const route = url.pathname === "/v1/execute" ? "execute" : url.pathname === "/v1/judge" ? "judge" : null;
    if (!route) throw new HttpError(404, "Not found");
    if (req.method !== "POST") throw new HttpError(405, "Use POST", { Allow: "POST" });
    if (!authorized(req)) throw new HttpError(401, "Missing or wrong token");
    const body = await readJson(req, maxBody);

    if (route === "execute") {
      const input = parse(ExecuteRequestSchema, body);
      checkSizes(input.code, [input.stdin]);
      const ticket = admit(input.priority);
      try {
        return send(res, 200, await engine.execute(input.language, input.code, input.stdin, ticket, input.limits));
      } finally {
        ticket.done();
      }
    }
    const input = parse(JudgeRequestSchema, body);
    if (input.testCases.length > config.maxTestCases) {
      throw new HttpError(413, `At most ${config.maxTestCases} test cases per request`);
    }
    checkSizes(input.code, input.testCases.flatMap((t) => [t.input, t.expected_output]));
    const ticket = admit(input.priority);
    try {
      return send(res, 200, await engine.judge(input.language, input.code, input.testCases, ticket, { limits: input.limits, checker: input.checker }));
    } finally {
      ticket.done();
    }
  }

  function admit(priority: Priority) {
    try {
      return engine.scheduler.admit({ priority });
    } catch (error) {
      if (error instanceof QueueFullError) {
        throw new HttpError(429, "Queue full, retry later", { "Retry-After": String(error.retryAfterSeconds) });
      }
      throw error;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) return send(res, error.status, { error: error.message }, error.headers);
      console.error("runner: internal error", error);
      if (!res.headersSent) send(res, 500, { error: "Internal runner error" });
    });
  });
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => {});
    const url = new URL(req.url ?? "/", "http://runner");
    if (url.pathname !== "/v1/interactive") return refuseUpgrade(socket, 404, { error: "Not found" });
    if (!authorized(req)) return refuseUpgrade(socket, 401, { error: "Missing or wrong token" });
    sessions.handleUpgrade(req, socket, head);
  });
  return server;
}
