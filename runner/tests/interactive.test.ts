// Interactive sessions (GET /v1/interactive) against a real runner: real
// WebSockets (Node's own client, and a raw socket), the real sandbox.
import { randomBytes } from "node:crypto";
import { request } from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InteractiveClient, type InteractiveState } from "../../app/lib/playground/interactive-client.ts";
import { InteractiveServerMessageSchema, type InteractiveServerMessage } from "../../contracts/runner.ts";
import { leftoverCgroups, leftoverProcesses, startTestRunner, TOKEN, type TestRunner } from "./harness.ts";

const IDLE_MS = 3000;
const MAX_MS = 9000;

let runner: TestRunner;
beforeAll(async () => {
  runner = await startTestRunner({ interactiveIdleMs: IDLE_MS, interactiveMaxMs: MAX_MS, interactiveSessions: 2, outputKb: 64 });
});
afterAll(() => runner?.stop());

type Exit = Extract<InteractiveServerMessage, { type: "exit" }>;

/** Node's WebSocket client takes headers (a browser's does not; the Worker sends the token). */
const NodeWebSocket = WebSocket as unknown as new (url: string, init: { headers: Record<string, string> }) => WebSocket;

/** Opens a session and starts the program; collects what the runner sends. */
async function open(language: string, code: string) {
  const ws = new NodeWebSocket(`${runner.url.replace(/^http/, "ws")}/v1/interactive`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  const messages: (InteractiveServerMessage & { at: number })[] = [];
  const waiters: (() => void)[] = [];
  let closed: { code: number } | null = null;
  ws.addEventListener("message", (event) => {
    messages.push({ ...InteractiveServerMessageSchema.parse(JSON.parse(String(event.data))), at: Date.now() });
    for (const w of waiters.splice(0)) w();
  });
  ws.addEventListener("close", (event) => {
    closed = { code: event.code };
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve());
    ws.addEventListener("error", () => reject(new Error("the WebSocket did not open")));
  });
  ws.send(JSON.stringify({ type: "start", language, code }));

  const stdout = () => messages.filter((m) => m.type === "stdout").map((m) => (m as { data: string }).data).join("");
  const stderr = () => messages.filter((m) => m.type === "stderr").map((m) => (m as { data: string }).data).join("");
  /** Waits until `ready()` holds (checked on every message and on close). */
  const until = (ready: () => boolean, what: string, ms = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${what}; got ${JSON.stringify(messages)}`)), ms);
      const check = () => {
        if (ready()) {
          clearTimeout(timer);
          resolve();
        } else if (closed) {
          clearTimeout(timer);
          reject(new Error(`closed (${closed.code}) before ${what}; got ${JSON.stringify(messages)}`));
        } else waiters.push(check);
      };
      check();
    });
  return {
    ws,
    messages,
    stdout,
    stderr,
    send: (message: unknown) => ws.send(JSON.stringify(message)),
    type: (line: string) => ws.send(JSON.stringify({ type: "stdin", data: `${line}\n` })),
    waitForOutput: (text: string) => until(() => stdout().includes(text), JSON.stringify(text)),
    async exit(): Promise<Exit> {
      await until(() => messages.some((m) => m.type === "exit"), "the exit message");
      return messages.find((m) => m.type === "exit") as Exit;
    },
    async closedWith(): Promise<number> {
      if (!closed) await new Promise<void>((resolve) => ws.addEventListener("close", () => resolve()));
      return closed!.code;
    },
  };
}

/** An upgrade request on a raw socket: the status of a refusal, or the socket after 101. */
function rawUpgrade(headers: Record<string, string>): Promise<{ status: number; body: string; headers: Record<string, unknown>; socket?: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request(`${runner.url}/v1/interactive`, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
        ...headers,
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on("upgrade", (res, socket) => resolve({ status: res.statusCode!, body: "", headers: res.headers, socket }));
    req.on("error", reject);
    req.end();
  });
}

/** A masked client text frame, written by hand (the protocol, not a library, is under test). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const header = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length]) : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 255]);
  return Buffer.concat([header, mask, Buffer.from(payload.map((b, i) => b ^ mask[i & 3]!))]);
}

/** A session over a bare socket (no WebSocket client to close it politely) whose program has printed "ready" and waits for input. */
async function rawSessionWaitingForInput(): Promise<Socket> {
  const up = await rawUpgrade({ Authorization: `Bearer ${TOKEN}` });
  expect(up.status).toBe(101);
  const socket = up.socket!;
  let received = "";
  socket.on("data", (c: Buffer) => (received += c.toString("latin1")));
  socket.write(textFrame(JSON.stringify({ type: "start", language: "python", code: 'print("ready")\ninput()\n' })));
  const deadline = Date.now() + 30_000;
  while (!received.includes('"data":"ready\\n"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(received).toContain('"data":"ready\\n"');
  return socket;
}

async function expectNothingLeft() {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if ((await leftoverProcesses(runner.config)).length === 0 && runner.sessions.stats.running === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await leftoverProcesses(runner.config)).toEqual([]);
  expect(await leftoverCgroups(runner)).toEqual([]);
  expect(runner.sessions.stats.running).toBe(0);
}

describe("a conversation with the program", () => {
  it("Python: the prompt arrives before any input is sent, then the answer to the name typed", async () => {
    const s = await open("python", 'name = input("What is your name? ")\nprint(f"Hello, {name}")\n');
    await s.waitForOutput("What is your name? ");
    expect(s.messages[0]).toMatchObject({ type: "compile", ok: true, compile: null });
    s.type("Ada");
    await s.waitForOutput("Hello, Ada\n");
    expect(s.stdout()).toBe("What is your name? Hello, Ada\n");
    expect(await s.exit()).toMatchObject({ type: "exit", code: 0, signal: null, verdict: "OK", reason: "exit" });
    expect(await s.closedWith()).toBe(1000);
  });

  it("Python: output streams as it is written, not when the program ends", async () => {
    const s = await open("python", 'import time\nprint("first")\ntime.sleep(0.8)\nprint("second")\n');
    await s.waitForOutput("second");
    const first = s.messages.find((m) => m.type === "stdout" && m.data.includes("first"))!;
    const second = s.messages.find((m) => m.type === "stdout" && m.data.includes("second"))!;
    expect(second.at - first.at).toBeGreaterThanOrEqual(500);
    await s.exit();
  });

  it("C: two prompts without newlines reach the user before the lines are typed (stdbuf)", async () => {
    const s = await open(
      "c",
      `#include <stdio.h>
#include <string.h>
int main(void) {
  char first[100], second[100];
  printf("First line: ");
  if (!fgets(first, sizeof first, stdin)) return 1;
  first[strcspn(first, "\\n")] = 0;
  printf("Second line: ");
  if (!fgets(second, sizeof second, stdin)) return 1;
  second[strcspn(second, "\\n")] = 0;
  printf("You typed %s and %s\\n", first, second);
  return 0;
}
`,
    );
    await s.waitForOutput("First line: ");
    expect(s.messages[0]).toMatchObject({ type: "compile", ok: true, compile: { code: 0 } });
    s.type("apples");
    await s.waitForOutput("Second line: ");
    s.type("pears");
    await s.waitForOutput("You typed apples and pears\n");
    expect(await s.exit()).toMatchObject({ verdict: "OK", reason: "exit", code: 0 });
  });

  it("C++: cin and cout, prompt first", async () => {
    const s = await open(
      "cpp",
      `#include <iostream>
#include <string>
int main() {
  std::string a, b;
  std::cout << "a? ";
  std::getline(std::cin, a);
  std::cout << "b? ";
  std::getline(std::cin, b);
  std::cout << a << "+" << b << std::endl;
}
`,
    );
    await s.waitForOutput("a? ");
    s.type("1");
    await s.waitForOutput("b? ");
    s.type("2");
    await s.waitForOutput("1+2\n");
    expect(await s.exit()).toMatchObject({ verdict: "OK" });
  });

  it("Java: Scanner reads two lines, each after its prompt", async () => {
    const s = await open(
      "java",
      `import java.util.Scanner;
public class Greeter {
  public static void main(String[] args) {
    Scanner in = new Scanner(System.in);
    System.out.print("First line: ");
    String first = in.nextLine();
    System.out.print("Second line: ");
    String second = in.nextLine();
    System.out.println("You typed " + first + " and " + second);
  }
}
`,
    );
    await s.waitForOutput("First line: ");
    s.type("tea");
    await s.waitForOutput("Second line: ");
    s.type("coffee");
    await s.waitForOutput("You typed tea and coffee\n");
    expect(await s.exit()).toMatchObject({ verdict: "OK", reason: "exit" });
  });

  it("input typed while the program compiles is kept for it; eof ends its input", async () => {
    const s = await open("python", "import sys\nprint(len(sys.stdin.read().split()))\n");
    s.type("one two");
    s.type("three");
    s.send({ type: "eof" });
    await s.waitForOutput("3\n");
    expect(await s.exit()).toMatchObject({ verdict: "OK" });
  });

  it("stderr is streamed apart from stdout; a crash is RE with the message", async () => {
    const s = await open("python", 'import sys\nprint("out")\nprint("err", file=sys.stderr)\nraise SystemExit(3)\n');
    const exit = await s.exit();
    expect(s.stdout()).toBe("out\n");
    expect(s.stderr()).toBe("err\n");
    expect(exit).toMatchObject({ code: 3, verdict: "RE", reason: "exit", signal: null });
  });

  it("a C program killed by a signal reports it", async () => {
    const s = await open("c", "#include <stdlib.h>\nint main(void) { abort(); }\n");
    expect(await s.exit()).toMatchObject({ verdict: "RE", reason: "exit", signal: "SIGABRT", code: 134 });
  });

  it("a compile error answers compile ok:false with the compiler's message and runs nothing", async () => {
    const s = await open("c", "int main(void) { return x; }\n");
    expect(await s.closedWith()).toBe(1000);
    expect(s.messages).toHaveLength(1);
    const compile = s.messages[0] as Extract<InteractiveServerMessage, { type: "compile" }>;
    expect(compile.ok).toBe(false);
    expect(compile.compile?.code).not.toBe(0);
    expect(compile.compile?.stderr).toMatch(/.x. undeclared/);
  });

  it("Stop kills the program: reason stopped, no verdict", async () => {
    const s = await open("python", 'print("ready")\ninput()\n');
    await s.waitForOutput("ready");
    s.send({ type: "close" });
    expect(await s.exit()).toMatchObject({ verdict: null, reason: "stopped", signal: "SIGKILL" });
    await expectNothingLeft();
  });
});

describe("limits", () => {
  it("an infinite loop is killed at the CPU limit: TLE", async () => {
    const s = await open("python", 'print("looping")\nwhile True:\n    pass\n');
    // On a busy machine 2 s of CPU can take longer than the idle limit: keep the session from going idle.
    const typing = setInterval(() => s.type(""), IDLE_MS / 3);
    const exit = await s.exit().finally(() => clearInterval(typing));
    expect(exit).toMatchObject({ verdict: "TLE", reason: "cpu" });
    expect(exit.timeMs).toBeGreaterThanOrEqual(runner.config.runCpuMs);
    expect(exit.timeMs).toBeLessThan(runner.config.runCpuMs + 1000);
    expect(s.stdout()).toBe("looping\n");
  });

  it("a program waiting forever for input ends at the idle limit", async () => {
    const s = await open("python", 'print("say something")\ninput()\n');
    await s.waitForOutput("say something");
    const exit = await s.exit();
    expect(exit).toMatchObject({ verdict: "TLE", reason: "idle" });
    expect(exit.wallMs).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(exit.wallMs).toBeLessThan(IDLE_MS + 3000);
    await expectNothingLeft();
  });

  it("input restarts the idle clock; the session still ends at its longest duration", async () => {
    const s = await open("python", "while True:\n    print(input())\n");
    const typing = setInterval(() => s.type("still here"), IDLE_MS / 3);
    try {
      const exit = await s.exit();
      expect(exit).toMatchObject({ verdict: "TLE", reason: "duration" });
      expect(exit.wallMs).toBeGreaterThanOrEqual(MAX_MS - 100);
      expect(s.stdout()).toContain("still here\n");
    } finally {
      clearInterval(typing);
    }
  });

  it("output past the limit (stdout and stderr together) is OLE, and no more than the limit is sent", async () => {
    const s = await open("python", 'import sys\nwhile True:\n    sys.stdout.write("x" * 1000 + "\\n")\n    sys.stderr.write("e" * 100 + "\\n")\n');
    const exit = await s.exit();
    expect(exit).toMatchObject({ verdict: "OLE", reason: "output" });
    const sent = Buffer.byteLength(s.stdout()) + Buffer.byteLength(s.stderr());
    expect(sent).toBe(runner.config.outputKb * 1024);
  });

  it("memory past the limit is MLE", async () => {
    const s = await open("python", "a = [0] * 200_000_000\nprint(len(a))\n");
    expect(await s.exit()).toMatchObject({ verdict: "MLE", reason: "memory" });
  });

  it("input past the input limit closes the program's input with a message", async () => {
    const s = await open("python", "import sys\nprint(len(sys.stdin.read()))\n");
    const line = "y".repeat(64 * 1024 - 1);
    for (let i = 0; i < 17; i++) s.type(line);
    const exit = await s.exit();
    expect(s.messages.find((m) => m.type === "error")).toEqual({ type: "error", message: "Input over 1024 KB: the program's input is closed", at: expect.any(Number) });
    expect(Number(s.stdout())).toBe(16 * 64 * 1024);
    expect(exit).toMatchObject({ verdict: "OK" });
  });
});

describe("the connection", () => {
  it("closing the socket kills the program and everything it started", async () => {
    const s = await open("python", 'import os, time\nif os.fork() == 0:\n    time.sleep(1000)\nprint("ready")\ninput()\n');
    await s.waitForOutput("ready");
    expect(runner.sessions.stats.running).toBe(1);
    s.ws.close();
    await expectNothingLeft();
  });

  it("a connection that drops without a close frame kills the program too", async () => {
    const socket = await rawSessionWaitingForInput();
    expect((await leftoverProcesses(runner.config)).length).toBeGreaterThan(0);
    socket.destroy();
    await expectNothingLeft();
  });

  it("at most RUNNER_INTERACTIVE_SESSIONS run at once; the next is refused with 429 and Retry-After", async () => {
    const a = await open("python", 'print("a")\ninput()\n');
    const b = await open("python", 'print("b")\ninput()\n');
    await a.waitForOutput("a");
    await b.waitForOutput("b");
    const refused = await rawUpgrade({ Authorization: `Bearer ${TOKEN}` });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toEqual({ error: "Every interactive slot is busy, retry later" });
    a.send({ type: "close" });
    b.send({ type: "close" });
    await a.exit();
    await b.exit();
    await expectNothingLeft();
    // Judging was never held up: its slots are not the sessions'.
    expect((await runner.execute("python", "print(1)")).run?.stdout).toBe("1\n");
  });

  it("a malformed message is answered with an error and a close", async () => {
    const s = await open("python", 'print("hi")\ninput()\n');
    await s.waitForOutput("hi");
    s.ws.send("not json");
    expect(await s.closedWith()).toBe(1008);
    expect(s.messages.some((m) => m.type === "error" && m.message === "Malformed message")).toBe(true);
    await expectNothingLeft();
  });
});

describe("the WebSocket protocol (the handshake and frames the runner accepts)", () => {
  /** A bare socket to the runner, its messages unparsed: the close code, or null if it closed without one. */
  async function bare() {
    const ws = new NodeWebSocket(`${runner.url.replace(/^http/, "ws")}/v1/interactive`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    const received: string[] = [];
    ws.addEventListener("message", (event) => received.push(String(event.data)));
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener("open", () => resolve());
      ws.addEventListener("error", () => reject(new Error("the WebSocket did not open")));
    });
    return { ws, received, closed };
  }
  // interactive.ts: room for the largest code, JSON-escaped.
  const maxMessageBytes = () => runner.config.maxCodeKb * 1024 * 6 + 64 * 1024;

  it("a message of the largest size reaches the session; one byte more is refused with 1009 before it is read", async () => {
    const fits = await bare();
    fits.ws.send("x".repeat(maxMessageBytes()));
    expect(await fits.closed).toBe(1008);
    expect(fits.received.map((m) => JSON.parse(m))).toEqual([{ type: "error", message: "Malformed message" }]);

    const over = await bare();
    over.ws.send("x".repeat(maxMessageBytes() + 1));
    expect(await over.closed).toBe(1009);
    expect(over.received).toEqual([]);
    await expectNothingLeft();
  });

  it("a connection that ends (FIN, no close frame) stops the program at once, not at the idle limit", async () => {
    const socket = await rawSessionWaitingForInput();
    const ended = Date.now();
    socket.end();
    while (runner.sessions.stats.running > 0 && Date.now() - ended < IDLE_MS * 2) await new Promise((r) => setTimeout(r, 20));
    expect(Date.now() - ended).toBeLessThan(IDLE_MS / 2);
    await expectNothingLeft();
  });

  it("a binary message is refused with 1003", async () => {
    const s = await bare();
    s.ws.send(new Uint8Array([1, 2, 3]));
    expect(await s.closed).toBe(1003);
    await expectNothingLeft();
  });

  it("a handshake that is not version 13 is refused (400, JSON) and holds no slot", async () => {
    const res = await rawUpgrade({ Authorization: `Bearer ${TOKEN}`, "Sec-WebSocket-Version": "12" });
    expect(res.status).toBe(400);
    expect(res.headers["sec-websocket-version"]).toBe("13");
    expect(JSON.parse(res.body)).toEqual({ error: "Not a WebSocket handshake (version 13)" });
    expect(runner.sessions.stats.running).toBe(0);
  });

  it("chooses no subprotocol and no extension, and answers a ping with a pong", async () => {
    const up = await rawUpgrade({ Authorization: `Bearer ${TOKEN}`, "Sec-WebSocket-Protocol": "chat", "Sec-WebSocket-Extensions": "permessage-deflate" });
    expect(up.status).toBe(101);
    expect(up.headers["sec-websocket-protocol"]).toBeUndefined();
    expect(up.headers["sec-websocket-extensions"]).toBeUndefined();
    const socket = up.socket!;
    const received: Buffer[] = [];
    socket.on("data", (c: Buffer) => received.push(c));
    // A masked ping carrying "hi", written by hand as textFrame writes text.
    const mask = randomBytes(4);
    socket.write(Buffer.concat([Buffer.from([0x89, 0x80 | 2]), mask, Buffer.from(Buffer.from("hi").map((b, i) => b ^ mask[i & 3]!))]));
    const deadline = Date.now() + 5000;
    while (Buffer.concat(received).length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(Buffer.concat(received)).toEqual(Buffer.concat([Buffer.from([0x8a, 2]), Buffer.from("hi")]));
    socket.destroy();
    await expectNothingLeft();
  });
});

describe("authentication and refusals", () => {
  it.each([
    ["no token", {}],
    ["a wrong token", { Authorization: "Bearer nope" }],
    ["the token without Bearer", { Authorization: TOKEN }],
  ])("refuses an upgrade with %s (401), before any session", async (_label, headers) => {
    const res = await rawUpgrade(headers);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ error: "Missing or wrong token" });
    expect(res.socket).toBeUndefined();
  });

  it("answers 426 to a plain GET with the token, 401 without", async () => {
    expect((await fetch(`${runner.url}/v1/interactive`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(426);
    expect((await fetch(`${runner.url}/v1/interactive`)).status).toBe(401);
  });

  it("refuses an upgrade to another path (404)", async () => {
    const res = await new Promise<number>((resolve, reject) => {
      const req = request(`${runner.url}/v1/execute`, {
        headers: { Connection: "Upgrade", Upgrade: "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": randomBytes(16).toString("base64"), Authorization: `Bearer ${TOKEN}` },
      });
      req.on("response", (r) => resolve(r.statusCode!));
      req.on("upgrade", (r) => resolve(r.statusCode!));
      req.on("error", reject);
      req.end();
    });
    expect(res).toBe(404);
  });

  it("reports interactive sessions on /healthz", async () => {
    const body = (await (await fetch(`${runner.url}/healthz`)).json()) as { interactive: unknown };
    expect(body.interactive).toEqual({ running: 0, limit: 2 });
  });
});

describe("the browser's client (app/lib/playground/interactive-client.ts) against the runner", () => {
  /** A client whose socket goes straight to the runner (the Worker adds the token in production). */
  function client(token = TOKEN) {
    const states: InteractiveState[] = [];
    const waiters: (() => void)[] = [];
    const c = new InteractiveClient({
      open: () => new NodeWebSocket(`${runner.url.replace(/^http/, "ws")}/v1/interactive`, { headers: { Authorization: `Bearer ${token}` } }),
      onChange: (state) => {
        states.push(state);
        for (const w of waiters.splice(0)) w();
      },
      explainRefusal: () => Promise.resolve("refused, and here is why"),
    });
    const until = (ready: (s: InteractiveState) => boolean, what: string, ms = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`waited for ${what}; state ${JSON.stringify(c.state)}`)), ms);
        const check = () => {
          if (ready(c.state)) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      });
    const text = () => c.state.segments.map((s) => s.text).join("");
    return { c, states, until, text };
  }

  it("a conversation: the prompt, the echoed line, the answer, then the exit", async () => {
    const { c, states, until } = client();
    c.start("python", 'name = input("What is your name? ")\nprint(f"Hello, {name}")\n');
    expect(c.state.status).toBe("connecting");
    await until((s) => s.segments.some((x) => x.text.includes("What is your name? ")), "the prompt");
    expect(c.state.status).toBe("running");
    c.sendLine("Ada");
    await until((s) => s.status === "ended", "the end");
    expect(c.state.segments).toEqual([
      { stream: "stdout", text: "What is your name? " },
      { stream: "stdin", text: "Ada\n" },
      { stream: "stdout", text: "Hello, Ada\n" },
    ]);
    expect(c.state.exit).toMatchObject({ verdict: "OK", reason: "exit" });
    expect(c.state.error).toBeNull();
    expect(states.map((s) => s.status).filter((v, i, all) => v !== all[i - 1])).toEqual(["connecting", "compiling", "running", "ended"]);
  });

  it("a compile error ends the run with the compiler's message and no error", async () => {
    const { c, until } = client();
    c.start("c", "int main(void) { return x; }\n");
    await until((s) => s.status === "ended", "the end");
    expect(c.state.compileError?.stderr).toMatch(/undeclared/);
    expect(c.state.exit).toBeNull();
    expect(c.state.error).toBeNull();
  });

  it("Stop while the program runs: the runner reports it stopped", async () => {
    const { c, until, text } = client();
    c.start("python", 'print("ready")\ninput()\n');
    await until(() => text().includes("ready"), "ready");
    c.stop();
    await until((s) => s.status === "ended", "the end");
    expect(c.state.exit).toMatchObject({ reason: "stopped", verdict: null });
    expect(c.state.error).toBeNull();
    await expectNothingLeft();
  });

  it("Stop before the program starts ends the run without an error", async () => {
    const { c, until } = client();
    c.start("java", "public class Main { public static void main(String[] a) throws Exception { System.in.read(); } }\n");
    await until((s) => s.status === "compiling", "compiling");
    c.stop();
    await until((s) => s.status === "ended", "the end");
    expect(c.state.error).toBeNull();
    await expectNothingLeft();
  });

  it("leaving (dispose) ends the program on the runner", async () => {
    const { c, until, text } = client();
    c.start("python", 'print("ready")\ninput()\n');
    await until(() => text().includes("ready"), "ready");
    c.dispose();
    await expectNothingLeft();
  });

  it("a refused socket shows the reason the page gives", async () => {
    const { c, until } = client("wrong-token");
    c.start("python", "print(1)\n");
    await until((s) => s.error !== null, "an error");
    expect(c.state).toMatchObject({ status: "ended", error: "refused, and here is why" });
  });
});
