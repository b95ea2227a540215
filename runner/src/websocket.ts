// The server side of a WebSocket (RFC 6455), as much of it as interactive
// sessions need: the handshake on Node's "upgrade" event, text messages
// (fragmented or not, up to a size limit), ping/pong and the close
// handshake. No extensions (permessage-deflate is declined by not answering
// it) and no binary messages. Node 22 has a WebSocket client but no server,
// and the runner keeps zod as its only dependency (docs/decisions/016).
import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

/** Close codes (RFC 6455 section 7.4.1). */
export const CloseCode = {
  normal: 1000,
  goingAway: 1001,
  protocolError: 1002,
  unsupportedData: 1003,
  invalidData: 1007,
  policyViolation: 1008,
  tooBig: 1009,
  internalError: 1011,
  tryAgainLater: 1013,
} as const;

const Op = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const;

/** Past this much unsent data, `send` answers false; wait for "drain". */
const HIGH_WATER_BYTES = 256 * 1024;
/** How long a close waits for the peer's close frame before dropping the connection. */
const CLOSE_WAIT_MS = 2000;

/** True when the request asks for a WebSocket (Upgrade: websocket). */
export function isWebSocketUpgrade(req: IncomingMessage): boolean {
  return (req.headers.upgrade ?? "").toLowerCase() === "websocket";
}

/** Answers the upgrade request with a plain HTTP error and drops the connection. */
export function refuseUpgrade(socket: Duplex, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  const reason = { 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 413: "Payload Too Large", 426: "Upgrade Required", 429: "Too Many Requests", 503: "Service Unavailable" }[status] ?? "Error";
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(text)}`,
    "Connection: close",
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  if (socket.writable) socket.end(`${lines.join("\r\n")}\r\n\r\n${text}`);
  else socket.destroy();
}

/**
 * Completes the handshake and returns the connection, or refuses the request
 * (400) when it is not a valid version 13 WebSocket handshake.
 */
export function acceptWebSocket(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  options: { maxMessageBytes: number },
): WebSocketConnection | null {
  const key = req.headers["sec-websocket-key"];
  const version = req.headers["sec-websocket-version"];
  if (req.method !== "GET" || !isWebSocketUpgrade(req) || typeof key !== "string" || Buffer.from(key, "base64").length !== 16 || version !== "13") {
    refuseUpgrade(socket, 400, { error: "Not a WebSocket handshake (version 13)" }, { "Sec-WebSocket-Version": "13" });
    return null;
  }
  const accept = createHash("sha1").update(key + GUID).digest("base64");
  socket.write(
    ["HTTP/1.1 101 Switching Protocols", "Upgrade: websocket", "Connection: Upgrade", `Sec-WebSocket-Accept: ${accept}`, "", ""].join("\r\n"),
  );
  return new WebSocketConnection(socket, head, options.maxMessageBytes);
}

type Events = {
  message: [text: string];
  close: [code: number, reason: string];
  drain: [];
};

/** One accepted WebSocket. Emits "message" (text), "drain" and, exactly once, "close". */
export class WebSocketConnection extends EventEmitter<Events> {
  private readonly socket: Duplex;
  private readonly maxMessageBytes: number;
  private buffer: Buffer = Buffer.alloc(0);
  private fragments: Buffer[] = [];
  private fragmentsBytes = 0;
  private closeSent = false;
  private closed = false;
  private closeTimer: NodeJS.Timeout | undefined;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });

  constructor(socket: Duplex, head: Buffer, maxMessageBytes: number) {
    super();
    this.socket = socket;
    this.maxMessageBytes = maxMessageBytes;
    (socket as Duplex & { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
    socket.on("data", (chunk: Buffer) => this.receive(chunk));
    socket.on("drain", () => this.emit("drain"));
    socket.on("error", () => this.finish(1006, "Connection error"));
    socket.on("close", () => this.finish(1006, "Connection lost"));
    if (head.length > 0) queueMicrotask(() => this.receive(head));
  }

  get isOpen() {
    return !this.closeSent && !this.closed;
  }

  /** Bytes written but not yet sent. */
  get bufferedAmount() {
    return this.socket.writableLength;
  }

  /** Sends a text message; false when the connection is backed up (wait for "drain") or closing. */
  send(text: string): boolean {
    if (!this.isOpen) return false;
    this.writeFrame(Op.text, Buffer.from(text, "utf8"));
    return this.socket.writableLength < HIGH_WATER_BYTES;
  }

  /** Starts the close handshake; the connection goes when the peer answers, or after a short wait. */
  close(code: number = CloseCode.normal, reason = "") {
    if (this.closeSent || this.closed) return;
    this.closeSent = true;
    const why = Buffer.from(reason.slice(0, 100), "utf8").subarray(0, 123);
    const payload = Buffer.alloc(2 + why.length);
    payload.writeUInt16BE(code, 0);
    why.copy(payload, 2);
    this.writeFrame(Op.close, payload);
    this.closeTimer = setTimeout(() => this.socket.destroy(), CLOSE_WAIT_MS);
    this.closeTimer.unref();
  }

  /** Drops the connection at once. */
  terminate() {
    this.socket.destroy();
  }

  /** The connection is over: end it (what was written still goes out) and tell the owner, once. */
  private finish(code: number, reason: string) {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.closeTimer);
    if (!this.socket.destroyed) {
      this.socket.end();
      setTimeout(() => this.socket.destroy(), CLOSE_WAIT_MS).unref();
    }
    this.emit("close", code, reason);
  }

  /** A protocol failure: close with `code` without waiting for the peer. */
  private fail(code: number, reason: string) {
    this.close(code, reason);
    this.finish(code, reason);
  }

  private writeFrame(opcode: number, payload: Buffer) {
    let header: Buffer;
    if (payload.length < 126) {
      header = Buffer.from([0x80 | opcode, payload.length]);
    } else if (payload.length < 65536) {
      header = Buffer.alloc(4);
      header[0] = 0x80 | opcode;
      header[1] = 126;
      header.writeUInt16BE(payload.length, 2);
    } else {
      header = Buffer.alloc(10);
      header[0] = 0x80 | opcode;
      header[1] = 127;
      header.writeBigUInt64BE(BigInt(payload.length), 2);
    }
    if (this.socket.writable) this.socket.write(Buffer.concat([header, payload]));
  }

  private receive(chunk: Buffer) {
    if (this.closed) return;
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    while (!this.closed) {
      const frame = this.nextFrame();
      if (!frame) return;
      this.handle(frame.fin, frame.opcode, frame.payload);
    }
  }

  /** The next complete frame in the buffer, unmasked; null if it has not all arrived (or the connection failed). */
  private nextFrame(): { fin: boolean; opcode: number; payload: Buffer } | null {
    const b = this.buffer;
    if (b.length < 2) return null;
    const fin = (b[0]! & 0x80) !== 0;
    const rsv = b[0]! & 0x70;
    const opcode = b[0]! & 0x0f;
    const masked = (b[1]! & 0x80) !== 0;
    let length = b[1]! & 0x7f;
    let offset = 2;
    if (rsv !== 0) return this.fail(CloseCode.protocolError, "Extensions are not supported"), null;
    // Clients must mask every frame (RFC 6455 section 5.1).
    if (!masked) return this.fail(CloseCode.protocolError, "Client frames must be masked"), null;
    if (length === 126) {
      if (b.length < 4) return null;
      length = b.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      if (b.length < 10) return null;
      const big = b.readBigUInt64BE(2);
      if (big > BigInt(this.maxMessageBytes)) return this.fail(CloseCode.tooBig, "Message too big"), null;
      length = Number(big);
      offset = 10;
    }
    if (opcode >= 0x8 && (length > 125 || !fin)) return this.fail(CloseCode.protocolError, "Bad control frame"), null;
    if (this.fragmentsBytes + length > this.maxMessageBytes) return this.fail(CloseCode.tooBig, "Message too big"), null;
    if (b.length < offset + 4 + length) return null;
    const mask = b.subarray(offset, offset + 4);
    const payload = Buffer.from(b.subarray(offset + 4, offset + 4 + length));
    for (let i = 0; i < payload.length; i++) payload[i]! ^= mask[i & 3]!;
    this.buffer = b.subarray(offset + 4 + length);
    return { fin, opcode, payload };
  }

  private handle(fin: boolean, opcode: number, payload: Buffer) {
    switch (opcode) {
      case Op.text:
      case Op.continuation: {
        // After our close frame, only the peer's close matters.
        if (this.closeSent) return;
        const starts = opcode === Op.text;
        if (starts === this.fragments.length > 0) return this.fail(CloseCode.protocolError, "Unexpected frame order");
        this.fragments.push(payload);
        this.fragmentsBytes += payload.length;
        if (!fin) return;
        const whole = this.fragments.length === 1 ? this.fragments[0]! : Buffer.concat(this.fragments);
        this.fragments = [];
        this.fragmentsBytes = 0;
        let text: string;
        try {
          text = this.decoder.decode(whole);
        } catch {
          return this.fail(CloseCode.invalidData, "Text must be UTF-8");
        }
        this.emit("message", text);
        return;
      }
      case Op.binary:
        return this.fail(CloseCode.unsupportedData, "Only text messages are accepted");
      case Op.ping:
        if (this.isOpen) this.writeFrame(Op.pong, payload);
        return;
      case Op.pong:
        return;
      case Op.close: {
        const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
        const reason = payload.length > 2 ? payload.subarray(2).toString("utf8") : "";
        // Answer with the same code (none when none was given), then end the connection.
        if (!this.closeSent) {
          this.closeSent = true;
          this.writeFrame(Op.close, payload.length >= 2 ? payload.subarray(0, 2) : Buffer.alloc(0));
        }
        this.finish(code, reason);
        return;
      }
      default:
        return this.fail(CloseCode.protocolError, "Unknown opcode");
    }
  }
}
