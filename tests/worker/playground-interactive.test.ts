// The playground's interactive runs through the Worker: who may open one, and
// a whole conversation proxied to the real runner (tests/worker/global-setup.ts).
import { env, exports } from "cloudflare:workers";
import { parseRunnerUrls } from "~/lib/runner/pool";
import { beforeAll, describe, expect, it } from "vitest";
import { InteractiveServerMessageSchema, type InteractiveServerMessage } from "../../contracts/runner";
import { PLAYGROUND_CLOSED_DURING_TEST } from "~/lib/playground/access.server";
import { call, ORIGIN, postForm, signUp } from "./helpers";
import { admin, launch, makeRoom, seedCodingCategory, signUpAdmin, start, takingStudent } from "./rooms-fixture";

const PATH = "/api/playground/interactive";

function upgrade(cookie?: string, headers: Record<string, string> = {}) {
  return call(PATH, { headers: { Upgrade: "websocket", ...headers }, cookie });
}

/** Accepts the socket of a 101 answer and collects what arrives. */
function session(res: Response) {
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const messages: InteractiveServerMessage[] = [];
  const waiters: (() => void)[] = [];
  let closed: number | null = null;
  ws.addEventListener("message", (event) => {
    messages.push(InteractiveServerMessageSchema.parse(JSON.parse(String(event.data))));
    for (const w of waiters.splice(0)) w();
  });
  ws.addEventListener("close", (event) => {
    closed = event.code;
    for (const w of waiters.splice(0)) w();
  });
  const until = (ready: () => boolean, what: string, ms = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`waited for ${what}; got ${JSON.stringify(messages)}`)), ms);
      const check = () => {
        if (ready()) {
          clearTimeout(timer);
          resolve();
        } else if (closed !== null) {
          clearTimeout(timer);
          reject(new Error(`closed (${closed}) before ${what}; got ${JSON.stringify(messages)}`));
        } else waiters.push(check);
      };
      check();
    });
  const stdout = () => messages.flatMap((m) => (m.type === "stdout" ? [m.data] : [])).join("");
  return {
    ws,
    messages,
    stdout,
    send: (message: unknown) => ws.send(typeof message === "string" ? message : JSON.stringify(message)),
    waitForOutput: (text: string) => until(() => stdout().includes(text), JSON.stringify(text)),
    waitFor: (type: InteractiveServerMessage["type"]) => until(() => messages.some((m) => m.type === type), type),
    async closedWith() {
      await new Promise<void>((resolve) => (closed !== null ? resolve() : waiters.push(() => closed !== null && resolve())));
      return closed!;
    },
  };
}

let student = "";
beforeAll(async () => {
  await signUpAdmin();
  student = (await signUp({ role: "student", name: "Playground Student" })).cookie;
});

describe("who may open an interactive run", () => {
  it("refuses an anonymous upgrade (401)", async () => {
    const res = await upgrade();
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
    expect(await res.json()).toEqual({ error: "Please log in first" });
  });

  it("refuses an upgrade from another site's page, or with no Origin, even with the user's cookie (403)", async () => {
    // helpers.call always sends this site's Origin: build the request by hand.
    const headers = new Headers({ Upgrade: "websocket", Origin: "https://elsewhere.example", Cookie: student });
    const res = await exports.default.fetch(new Request(`${ORIGIN}${PATH}`, { headers }));
    expect(res.status).toBe(403);
    expect(res.webSocket).toBeNull();
    headers.delete("Origin");
    expect((await exports.default.fetch(new Request(`${ORIGIN}${PATH}`, { headers }))).status).toBe(403);
  });

  it("answers a plain GET with the same checks: 426 when they pass, so the browser can say why a socket was refused", async () => {
    expect((await call(PATH, { cookie: student })).status).toBe(426);
    expect((await call(PATH)).status).toBe(401);
  });

  it("closes the playground to a student while their test runs, and opens it when the test ends", async () => {
    await seedCodingCategory("PlaygroundLock");
    const room = await makeRoom("PlaygroundLock", "coding");
    const taker = await takingStudent(room, "Busy Student");
    // Joined, but the test has not started: the playground is open.
    expect((await call(PATH, { cookie: taker.cookie })).status).toBe(426);

    await start(room);
    let res = await upgrade(taker.cookie);
    expect(res.status).toBe(403);
    expect(res.webSocket).toBeNull();
    expect(await res.json()).toEqual({ error: PLAYGROUND_CLOSED_DURING_TEST });
    // Launched (terms accepted): still closed.
    await launch(taker.cookie, room);
    res = await call(PATH, { cookie: taker.cookie });
    expect(res.status).toBe(403);
    // Other students and the admin are not affected.
    expect((await call(PATH, { cookie: student })).status).toBe(426);
    expect((await call(PATH, { cookie: admin })).status).toBe(426);

    await postForm(`/admin/room/${room.id}`, { intent: "stop" }, admin);
    expect((await call(PATH, { cookie: taker.cookie })).status).toBe(426);
  });
});

describe("a conversation through the Worker", () => {
  it("streams the prompt, sends the typed line as stdin, and ends with the exit", async () => {
    const s = session(await upgrade(student));
    s.send({ type: "start", language: "python", code: 'name = input("What is your name? ")\nprint(f"Hello, {name}")\n' });
    await s.waitForOutput("What is your name? ");
    expect(s.messages[0]).toEqual({ type: "compile", ok: true, compile: null });
    s.send({ type: "stdin", data: "Grace\n" });
    await s.waitFor("exit");
    expect(s.stdout()).toBe("What is your name? Hello, Grace\n");
    expect(s.messages.at(-1)).toMatchObject({ type: "exit", code: 0, verdict: "OK", reason: "exit" });
    expect(await s.closedWith()).toBe(1000);
  });

  it("an admin may run programs too; Stop (close) ends the program on the runner", async () => {
    const s = session(await upgrade(admin));
    s.send({ type: "start", language: "c", code: '#include <stdio.h>\nint main(void) { char b[64]; printf("> "); while (fgets(b, sizeof b, stdin)) printf("%s> ", b); }\n' });
    await s.waitForOutput("> ");
    s.send({ type: "stdin", data: "one\n" });
    await s.waitForOutput("one\n> ");
    s.send({ type: "close" });
    await s.waitFor("exit");
    expect(s.messages.at(-1)).toMatchObject({ type: "exit", verdict: null, reason: "stopped" });
  });

  it("a malformed message is refused by the Worker and never reaches the runner", async () => {
    const s = session(await upgrade(student));
    s.send({ type: "start", language: "cobol", code: "x" });
    await s.waitFor("error");
    expect(s.messages).toEqual([{ type: "error", message: "Malformed message" }]);
    expect(await s.closedWith()).toBe(1008);
  });

  it("a message over the size bound is refused (1009)", async () => {
    const s = session(await upgrade(student));
    s.send({ type: "start", language: "python", code: `# ${"x".repeat(600 * 1024)}` });
    await s.waitFor("error");
    expect(s.messages).toEqual([{ type: "error", message: "Message too large" }]);
    expect(await s.closedWith()).toBe(1009);
  });

  it("code over the runner's limit but within the message bound gets the runner's own answer", async () => {
    const s = session(await upgrade(student));
    s.send({ type: "start", language: "python", code: `# ${"x".repeat(100 * 1024)}` });
    await s.waitFor("error");
    expect(s.messages).toEqual([{ type: "error", message: "Code over 64 KB" }]);
    expect(await s.closedWith()).toBe(1009);
  });

  it("when every interactive slot of every runner is busy, the socket says so and closes", async () => {
    // Each test runner has the default RUNNER_INTERACTIVE_SESSIONS (4): fill them all (a free runner in the list would take the session).
    const busy = [];
    for (let i = 0; i < 4 * parseRunnerUrls(env.RUNNER_URL).length; i++) {
      const s = session(await upgrade(student));
      s.send({ type: "start", language: "python", code: 'print("waiting")\ninput()\n' });
      busy.push(s);
    }
    for (const s of busy) await s.waitForOutput("waiting");
    const refused = session(await upgrade(student));
    await refused.waitFor("error");
    expect(refused.messages).toEqual([{ type: "error", message: "Too many interactive programs are running right now. Please try again in a minute" }]);
    expect(await refused.closedWith()).toBe(1013);
    for (const s of busy) s.send({ type: "close" });
    for (const s of busy) await s.waitFor("exit");
  });

  it("a compile error arrives as compile ok:false and the socket closes", async () => {
    const s = session(await upgrade(student));
    s.send({ type: "start", language: "python", code: "def broken(:\n" });
    await s.waitFor("compile");
    expect(s.messages[0]).toMatchObject({ type: "compile", ok: false, compile: { stderr: expect.stringMatching(/SyntaxError/) } });
    expect(await s.closedWith()).toBe(1000);
  });
});

