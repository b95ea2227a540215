import { describe, expect, it } from "vitest";
import { ServerMessage } from "../../party/protocol";
import { call, signUp } from "./helpers";

function upgrade(room: string, cookie?: string, headers: Record<string, string> = {}) {
  return call(`/parties/room-party/${room}`, { headers: { Upgrade: "websocket", ...headers }, cookie });
}

function nextMessage(ws: WebSocket): Promise<ServerMessage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no message within 5 s")), 5000);
    ws.addEventListener(
      "message",
      (event) => {
        clearTimeout(timer);
        resolve(ServerMessage.parse(JSON.parse(String(event.data))));
      },
      { once: true },
    );
  });
}

describe("room party", () => {
  it("refuses an anonymous connection", async () => {
    const response = await upgrade("room-a");
    expect(response.status).toBe(401);
    expect(response.webSocket).toBeNull();
  });

  it("refuses a forged identity header without a session", async () => {
    const forged = JSON.stringify({ id: "someone", name: "Someone", role: "admin" });
    const response = await upgrade("room-a", undefined, { "x-proctor-viewer": forged });
    expect(response.status).toBe(401);
  });

  it("accepts a signed-in user and greets them with their checked identity", async () => {
    const { cookie } = await signUp({ name: "Party Goer" });
    // A forged header alongside a real session is overwritten by the Worker.
    const forged = JSON.stringify({ id: "someone-else", name: "X", role: "admin" });
    const response = await upgrade("room-b", cookie, { "x-proctor-viewer": forged });
    expect(response.status).toBe(101);
    const ws = response.webSocket!;
    ws.accept();
    const welcome = await nextMessage(ws);
    expect(welcome.type).toBe("welcome");
    if (welcome.type !== "welcome") throw new Error("unreachable");
    expect(welcome.room).toBe("room-b");
    expect(welcome.role).toBe("student");
    expect(welcome.userId).not.toBe("someone-else");

    ws.send(JSON.stringify({ type: "ping", sentAt: 42 }));
    const pong = await nextMessage(ws);
    expect(pong).toMatchObject({ type: "pong", sentAt: 42 });

    ws.send("not json");
    expect(await nextMessage(ws)).toEqual({ type: "error", message: "Malformed message" });
    ws.close();
  });

  it("does not serve plain HTTP requests to a party", async () => {
    const { cookie } = await signUp();
    const response = await call("/parties/room-party/room-c", { cookie });
    expect(response.status).toBe(404);
  });
});
