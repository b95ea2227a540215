// The Worker's half of interactive runs (docs/decisions/016): the browser's
// WebSocket is accepted here and joined to one opened to the runner's
// GET /v1/interactive with the bearer token, which the browser never sees.
// Messages from the browser are bounded and parsed before they are passed on;
// the runner's are passed back as they are. Either side closing closes the
// other, and the runner then kills the program.
import { InteractiveClientMessageSchema, type InteractiveServerMessage } from "../../../contracts/runner.ts";
import { parseRunnerUrls } from "~/lib/runner/pool";

/**
 * The largest message a browser may send, in UTF-8 bytes: a start with 64 KB
 * of code, JSON-escaped, fits with room to spare, and it stays under the
 * runner's own frame limit (6 x RUNNER_MAX_CODE_KB + 64 KB), so larger code
 * still reaches the runner and gets its "Code over 64 KB".
 */
export const MAX_CLIENT_MESSAGE_BYTES = 384 * 1024;

const utf8Bytes = (text: string) => (text.length * 3 <= MAX_CLIENT_MESSAGE_BYTES ? text.length : new TextEncoder().encode(text).length);

type RunnerEnv = { RUNNER_URL: string; RUNNER_TOKEN: string };

const RUNNER_REFUSALS: Record<number, string> = {
  401: "The code runner refused this server's token (check RUNNER_TOKEN)",
  429: "Too many interactive programs are running right now. Please try again in a minute",
  503: "Interactive runs are turned off on the code runner",
};

/** Close codes a peer may not send (RFC 6455 7.4.1): passed on as a plain or an abnormal end. */
function sendableCode(code: number | undefined, fallback: number) {
  if (code === undefined || code === 1005 || code === 1015) return fallback;
  if (code === 1006) return 1011;
  return code >= 1000 && code < 5000 ? code : fallback;
}

function safeClose(ws: WebSocket, code: number, reason = "") {
  try {
    ws.close(code, reason.slice(0, 120));
  } catch {
    // Already closed.
  }
}

function sendTo(ws: WebSocket, message: InteractiveServerMessage) {
  try {
    ws.send(JSON.stringify(message));
  } catch {
    // Closed meanwhile.
  }
}

/** A 101 answer whose socket says why there is no session, then closes (a browser cannot read a refused handshake). */
function explain(message: string, code = 1011): Response {
  const [client, server] = Object.values(new WebSocketPair());
  server.accept();
  sendTo(server, { type: "error", message });
  safeClose(server, code, message);
  return new Response(null, { status: 101, webSocket: client });
}

/** Opens a session on the runner and answers the browser's upgrade with the other end of the pipe. */
export async function openInteractiveProxy(env: RunnerEnv, doFetch: typeof fetch = fetch): Promise<Response> {
  // RUNNER_URL may list several runners (decision 015): the first that takes the session serves it.
  let upstream: Response | null = null;
  for (const url of parseRunnerUrls(env.RUNNER_URL)) {
    try {
      upstream = await doFetch(`${url}/v1/interactive`, {
        headers: { Upgrade: "websocket", Authorization: `Bearer ${env.RUNNER_TOKEN}` },
      });
      if (upstream.status === 101 && upstream.webSocket) break;
    } catch {
      // Unreachable: try the next runner.
    }
  }
  if (!upstream) return explain("The code runner is unreachable. Please try again shortly");
  const runner = upstream.webSocket;
  if (upstream.status !== 101 || !runner) {
    await upstream.body?.cancel();
    return explain(RUNNER_REFUSALS[upstream.status] ?? `The code runner failed (HTTP ${upstream.status})`, upstream.status === 429 ? 1013 : 1011);
  }
  runner.accept();
  const [client, browser] = Object.values(new WebSocketPair());
  browser.accept();

  browser.addEventListener("message", (event) => {
    if (typeof event.data !== "string") {
      sendTo(browser, { type: "error", message: "Only text messages are accepted" });
      return safeClose(browser, 1003);
    }
    if (event.data.length > MAX_CLIENT_MESSAGE_BYTES || utf8Bytes(event.data) > MAX_CLIENT_MESSAGE_BYTES) {
      sendTo(browser, { type: "error", message: "Message too large" });
      return safeClose(browser, 1009);
    }
    let raw: unknown;
    try {
      raw = JSON.parse(event.data);
    } catch {
      raw = undefined;
    }
    const parsed = InteractiveClientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      sendTo(browser, { type: "error", message: "Malformed message" });
      return safeClose(browser, 1008);
    }
    try {
      runner.send(JSON.stringify(parsed.data));
    } catch {
      safeClose(browser, 1011);
    }
  });
  runner.addEventListener("message", (event) => {
    try {
      browser.send(typeof event.data === "string" ? event.data : new TextDecoder().decode(event.data));
    } catch {
      safeClose(runner, 1000);
    }
  });
  browser.addEventListener("close", (event) => safeClose(runner, sendableCode(event.code, 1000)));
  browser.addEventListener("error", () => safeClose(runner, 1011));
  runner.addEventListener("close", (event) => safeClose(browser, sendableCode(event.code, 1000), event.reason));
  runner.addEventListener("error", () => safeClose(browser, 1011));

  return new Response(null, { status: 101, webSocket: client });
}
