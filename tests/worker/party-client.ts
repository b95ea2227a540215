// A browser's side of the room party in Worker tests: upgrade with a session
// cookie, then collect and wait for the messages that arrive.
import { expect } from "vitest";
import { ServerMessage } from "../../contracts/party";
import { call } from "./helpers";

export function upgrade(room: string, cookie?: string, headers: Record<string, string> = {}) {
  return call(`/parties/room-party/${room}`, { headers: { Upgrade: "websocket", ...headers }, cookie });
}

/** Collects every message a socket receives, and waits for one that matches. */
export function listen(ws: WebSocket) {
  const seen: ServerMessage[] = [];
  const waiters: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  ws.addEventListener("message", (event) => {
    const m = ServerMessage.parse(JSON.parse(String(event.data)));
    seen.push(m);
    for (const w of [...waiters]) {
      if (w.match(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  return {
    seen,
    next(match: (m: ServerMessage) => boolean, ms = 5000): Promise<ServerMessage> {
      const found = seen.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no matching message within the wait")), ms);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
  };
}

export async function connect(room: string, cookie: string) {
  const res = await upgrade(room, cookie);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const inbox = listen(ws);
  await inbox.next((m) => m.type === "welcome");
  return { ws, inbox };
}

