// Interactive sessions (GET /v1/interactive; docs/decisions/016): one
// WebSocket per program run. The program is compiled as /v1/execute compiles
// (through the queue, from the cache), then started in the sandbox with its
// stdin left open: each `stdin` message is written to it, and its output is
// sent as it comes. The run has the same CPU, memory and output limits as
// /v1/execute; its wall limit is the session's longest duration instead of
// 3 s, and it is stopped after the idle limit without input.
//
// Sessions never take a judging slot: they have slots (uids) of their own,
// after the judging ones, and a lower CPU weight, so at most
// RUNNER_INTERACTIVE_SESSIONS of them run and test judging goes first.
//
// The WebSocket itself is the `ws` package's (decision 016, 2026-11-27):
// the handshake, framing, the message size bound, ping/pong and the close
// handshake are its; the checks before the upgrade and the session are ours.
import { constants } from "node:os";
import { STATUS_CODES, type IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { WebSocketServer, type RawData, type ServerOptions, type WebSocket } from "ws";
import {
  INTERACTIVE_CHUNK_CHARS,
  InteractiveClientMessageSchema,
  type InteractiveEndReason,
  type InteractiveServerMessage,
} from "../../contracts/runner.ts";
import type { Config } from "./config.ts";
import { runFailure, type Engine, type InteractiveProgram } from "./engine.ts";
import type { SandboxProcess, SandboxResult } from "./sandbox.ts";
import { QueueFullError } from "./scheduler.ts";

/** How long a new connection may take to send its `start`. */
const START_WAIT_MS = 10_000;
/** Output is gathered this long before it is sent, so a chatty program sends fewer, larger messages. */
const FLUSH_DELAY_MS = 5;
/** The end of stderr kept to tell a file past the size limit (OLE) from a runtime error, as `runFailure` does. */
const STDERR_TAIL_CHARS = 4096;
/** Asked of a client that finds every interactive slot busy. */
const BUSY_RETRY_AFTER_S = 10;
/** Past this much unsent data the program's output is paused until the socket has sent it all. */
const HIGH_WATER_BYTES = 256 * 1024;
/** How long a close waits for the peer's close frame (or its end of the connection) before dropping it. */
const CLOSE_WAIT_MS = 2000;

/** Close codes the runner sends (RFC 6455 section 7.4.1). */
const CloseCode = {
  normal: 1000,
  goingAway: 1001,
  unsupportedData: 1003,
  policyViolation: 1008,
  tooBig: 1009,
  internalError: 1011,
  tryAgainLater: 1013,
} as const;

/** Answers an upgrade request with a plain HTTP error (JSON `{error}`, as every other refusal) and drops the connection. */
export function refuseUpgrade(socket: Duplex, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(text)}`,
    "Connection: close",
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  if (socket.writable) socket.end(`${lines.join("\r\n")}\r\n\r\n${text}`);
  else socket.destroy();
}

// The first name of each number: SIGABRT, not its alias SIGIOT.
const SIGNAL_NAMES = new Map<number, string>();
for (const [name, number] of Object.entries(constants.signals)) if (!SIGNAL_NAMES.has(number)) SIGNAL_NAMES.set(number, name);

/** The signal behind an exit status of 128 + n (bubblewrap's convention for a program killed by signal n). */
export function exitSignal(code: number): string | null {
  return code > 128 && code < 128 + 65 ? (SIGNAL_NAMES.get(code - 128) ?? null) : null;
}

/** Splits text into pieces of at most `size` UTF-16 units without cutting a surrogate pair. */
export function splitText(text: string, size: number): string[] {
  const pieces: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff && end - 1 > at) end--;
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}

/** The verdict and reason of an ended session: the user's stop and the idle limit first, then the kernel's report. */
export function interactiveOutcome(
  result: SandboxResult,
  program: Pick<InteractiveProgram, "lang">,
  stoppedBy: "stopped" | "idle" | null,
): { verdict: "OK" | "TLE" | "MLE" | "RE" | "OLE" | null; reason: InteractiveEndReason } {
  if (stoppedBy === "stopped") return { verdict: null, reason: "stopped" };
  if (stoppedBy === "idle") return { verdict: "TLE", reason: "idle" };
  const failure = runFailure(result, program.lang);
  switch (failure) {
    case "MLE":
      return { verdict: "MLE", reason: "memory" };
    case "TLE":
      return { verdict: "TLE", reason: result.wallTimeout && !result.cpuExceeded ? "duration" : "cpu" };
    case "OLE":
      return { verdict: "OLE", reason: "output" };
    case "RE":
      return { verdict: "RE", reason: "exit" };
    default:
      return { verdict: "OK", reason: "exit" };
  }
}

export class InteractiveSessions {
  private readonly config: Config;
  private readonly engine: Engine;
  private readonly freeUids: number[];
  private readonly live = new Set<Session>();
  private readonly server: WebSocketServer;

  constructor(config: Config, engine: Engine) {
    this.config = config;
    this.engine = engine;
    const options: ServerOptions & { closeTimeout: number } = {
      noServer: true,
      clientTracking: false,
      // A start message carries the code as JSON: room for the largest code, escaped. Larger: 1009.
      maxPayload: config.maxCodeKb * 1024 * 6 + 64 * 1024,
      perMessageDeflate: false,
      // No subprotocol is spoken: answer none (ws would pick the client's first).
      handleProtocols: () => false,
      // ws >= 8.19; its types (@types/ws 8.18) do not list it yet.
      closeTimeout: CLOSE_WAIT_MS,
    };
    this.server = new WebSocketServer(options);
    // Not a version 13 WebSocket handshake: refused as JSON, as before the upgrade.
    this.server.on("wsClientError", (_error, socket) =>
      refuseUpgrade(socket, 400, { error: "Not a WebSocket handshake (version 13)" }, { "Sec-WebSocket-Version": "13" }),
    );
    // After the judging slots' uids: never one a judging run has at the same time.
    const first = config.uidBase + config.concurrency;
    this.freeUids = Array.from({ length: config.interactiveSessions }, (_, i) => first + config.interactiveSessions - 1 - i);
  }

  get stats() {
    return { running: this.live.size, limit: this.config.interactiveSessions };
  }

  /** Takes an (authenticated) upgrade request: a session in a free slot, or a refusal. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (this.config.interactiveSessions === 0) {
      return refuseUpgrade(socket, 503, { error: "Interactive runs are turned off on this runner" });
    }
    const uid = this.freeUids.pop();
    if (uid === undefined) {
      return refuseUpgrade(socket, 429, { error: "Every interactive slot is busy, retry later" }, { "Retry-After": String(BUSY_RETRY_AFTER_S) });
    }
    let accepted = false;
    // Synchronous without a verifyClient: the callback has run, or the handshake was refused, when this returns.
    this.server.handleUpgrade(req, socket, head, (ws) => {
      accepted = true;
      const session = new Session(ws, uid, this.config, this.engine, () => {
        this.live.delete(session);
        this.freeUids.push(uid);
      });
      this.live.add(session);
    });
    if (!accepted) this.freeUids.push(uid);
  }

  /** Stops every session and waits until their sandboxes are gone (the runner is stopping). */
  async closeAll() {
    await Promise.all([...this.live].map((s) => s.shutdown()));
  }
}

class Session {
  private readonly ws: WebSocket;
  private readonly uid: number;
  private readonly config: Config;
  private readonly engine: Engine;
  private readonly onEnd: () => void;

  private state: "waiting" | "compiling" | "running" | "ended" = "waiting";
  private program: InteractiveProgram | null = null;
  private process: SandboxProcess | null = null;
  private settled = false;
  private stoppedBy: "stopped" | "idle" | null = null;
  private disconnected = false;
  /** Input typed before the program started, written once it starts. */
  private pendingInput: string[] = [];
  private pendingEof = false;
  private inputBytes = 0;
  private inputClosed = false;
  private startTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private outbox: { type: "stdout" | "stderr"; data: string }[] = [];
  private outboxChars = 0;
  private readonly decoders = { stdout: new StringDecoder("utf8"), stderr: new StringDecoder("utf8") };
  private stderrTail = "";
  private outputPaused = false;
  private done: Promise<void> = Promise.resolve();
  private ended = false;

  constructor(ws: WebSocket, uid: number, config: Config, engine: Engine, onEnd: () => void) {
    this.ws = ws;
    this.uid = uid;
    this.config = config;
    this.engine = engine;
    this.onEnd = onEnd;
    ws.on("message", (data, isBinary) => this.message(data, isBinary));
    ws.on("close", () => this.disconnect());
    // A protocol error (too big, not UTF-8, unmasked...): ws has sent its close code; the session is over now.
    ws.on("error", () => this.disconnect());
    this.startTimer = setTimeout(() => this.fail("No start message arrived", CloseCode.policyViolation), START_WAIT_MS);
  }

  private get open() {
    return this.ws.readyState === this.ws.OPEN;
  }

  /** Sends a message; false when the socket is backed up or closing. */
  private send(message: InteractiveServerMessage) {
    if (!this.open) return false;
    this.ws.send(JSON.stringify(message), this.sent);
    return this.ws.bufferedAmount < HIGH_WATER_BYTES;
  }

  /** A message has gone out: once everything has, the program's output is read again. */
  private readonly sent = () => {
    if (this.outputPaused && this.ws.bufferedAmount === 0) {
      this.outputPaused = false;
      this.process?.resumeOutput();
    }
  };

  private message(data: RawData, isBinary: boolean) {
    // After our close frame, only the peer's close matters.
    if (!this.open) return;
    if (!isBinary) return this.receive(data.toString());
    this.ws.close(CloseCode.unsupportedData, "Only text messages are accepted");
    this.disconnect();
  }

  private fail(message: string, code: number) {
    this.send({ type: "error", message });
    this.ws.close(code, message);
  }

  private receive(text: string) {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = undefined;
    }
    const parsed = InteractiveClientMessageSchema.safeParse(raw);
    if (!parsed.success) return this.fail("Malformed message", CloseCode.policyViolation);
    const message = parsed.data;
    if (this.state === "ended") return;
    switch (message.type) {
      case "start":
        if (this.state !== "waiting") return this.fail("The program has already started", CloseCode.policyViolation);
        this.done = this.begin(message.language, message.code);
        return;
      case "stdin":
        if (this.state === "waiting") return this.fail("Send start first", CloseCode.policyViolation);
        return this.input(message.data);
      case "eof":
        if (this.state === "waiting") return this.fail("Send start first", CloseCode.policyViolation);
        this.touch();
        return this.closeInput();
      case "close":
        if (this.state === "waiting") return this.ws.close(CloseCode.normal);
        return this.stop("stopped");
    }
  }

  private input(data: string) {
    if (this.inputClosed) return;
    this.touch();
    this.inputBytes += Buffer.byteLength(data);
    if (this.inputBytes > this.config.maxInputKb * 1024) {
      this.send({ type: "error", message: `Input over ${this.config.maxInputKb} KB: the program's input is closed` });
      return this.closeInput();
    }
    if (this.process) this.process.write(data);
    else this.pendingInput.push(data);
  }

  private closeInput() {
    if (this.inputClosed) return;
    this.inputClosed = true;
    if (this.process) this.process.endInput();
    else this.pendingEof = true;
  }

  /** Input arrived: the idle limit counts from now. */
  private touch() {
    if (this.state !== "running") return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.stop("idle"), this.config.interactiveIdleMs);
  }

  private stop(reason: "stopped" | "idle") {
    if (!this.process || this.settled) {
      if (this.state === "compiling") this.stoppedBy = reason;
      return;
    }
    this.stoppedBy ??= reason;
    this.process.kill();
  }

  private async begin(language: InteractiveProgram["lang"]["name"], code: string) {
    clearTimeout(this.startTimer);
    if (Buffer.byteLength(code) > this.config.maxCodeKb * 1024) {
      this.fail(`Code over ${this.config.maxCodeKb} KB`, CloseCode.tooBig);
      return this.end();
    }
    this.state = "compiling";
    let ticket;
    try {
      ticket = this.engine.scheduler.admit();
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      this.fail("The code runner is busy. Please try again in a few seconds", CloseCode.tryAgainLater);
      return this.end();
    }
    try {
      this.program = await this.engine.prepareInteractive(language, code, ticket);
    } catch (error) {
      console.error("runner: interactive compile failed", error);
      this.fail("Internal runner error", CloseCode.internalError);
      return this.end();
    } finally {
      ticket.done();
    }
    if (this.disconnected) return this.end();
    if (this.stoppedBy) {
      // Stopped while it compiled: nothing ran.
      this.ws.close(CloseCode.normal);
      return this.end();
    }
    this.send({ type: "compile", ok: this.program.ok, compile: this.program.compile });
    if (!this.program.ok) {
      this.ws.close(CloseCode.normal);
      return this.end();
    }
    let result: SandboxResult;
    try {
      this.process = this.program.start(this.uid, {
        stdout: (chunk) => this.output("stdout", chunk),
        stderr: (chunk) => this.output("stderr", chunk),
      });
      this.state = "running";
      for (const data of this.pendingInput) this.process.write(data);
      this.pendingInput = [];
      if (this.pendingEof) this.process.endInput();
      this.touch();
      result = await this.process.result;
    } catch (error) {
      console.error("runner: interactive run failed", error);
      this.fail("Internal runner error", CloseCode.internalError);
      return this.end();
    } finally {
      this.settled = true;
      clearTimeout(this.idleTimer);
    }
    this.output("stdout", null);
    this.output("stderr", null);
    this.flush();
    const { verdict, reason } = interactiveOutcome({ ...result, stderr: this.stderrTail }, this.program, this.stoppedBy);
    this.send({
      type: "exit",
      code: result.exitCode,
      signal: exitSignal(result.exitCode),
      verdict,
      reason,
      timeMs: result.cpuMs,
      wallMs: result.wallMs,
      memoryKb: result.memoryKb,
    });
    this.ws.close(CloseCode.normal);
    this.end();
  }

  /** A chunk of output (null: the stream ended), decoded as UTF-8 across chunk boundaries. */
  private output(type: "stdout" | "stderr", chunk: Buffer | null) {
    const text = chunk ? this.decoders[type].write(chunk) : this.decoders[type].end();
    if (!text || this.disconnected) return;
    if (type === "stderr") this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL_CHARS);
    const last = this.outbox[this.outbox.length - 1];
    if (last?.type === type) last.data += text;
    else this.outbox.push({ type, data: text });
    this.outboxChars += text.length;
    if (this.outboxChars >= INTERACTIVE_CHUNK_CHARS) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_DELAY_MS);
  }

  private flush() {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const outbox = this.outbox;
    this.outbox = [];
    this.outboxChars = 0;
    let open = true;
    for (const { type, data } of outbox) {
      for (const piece of splitText(data, INTERACTIVE_CHUNK_CHARS)) open = this.send({ type, data: piece }) && open;
    }
    // The browser reads slower than the program writes: let the program wait on its pipe.
    if (!open && this.open && !this.outputPaused) {
      this.outputPaused = true;
      this.process?.pauseOutput();
    }
  }

  private disconnect() {
    if (this.disconnected) return;
    this.disconnected = true;
    clearTimeout(this.startTimer);
    clearTimeout(this.flushTimer);
    this.outbox = [];
    if (this.process && !this.settled) {
      this.stoppedBy ??= "stopped";
      // Its output goes nowhere now; reading it lets the pipes close.
      this.process.resumeOutput();
      this.process.kill();
    }
    if (this.state === "waiting") this.end();
  }

  /** Frees the slot, once: only after the sandbox (every process of it) is gone. */
  private end() {
    if (this.ended) return;
    this.ended = true;
    this.state = "ended";
    clearTimeout(this.startTimer);
    clearTimeout(this.idleTimer);
    this.program?.release();
    this.onEnd();
  }

  /** Stops the program and closes the connection, then waits until the session is over. */
  async shutdown() {
    this.ws.close(CloseCode.goingAway, "The runner is stopping");
    this.disconnect();
    await this.done.catch(() => {});
    this.end();
  }
}
