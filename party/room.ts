import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import {
  ClientMessage,
  PartyViewer,
  VIEWER_HEADER,
  type Audience,
  type RoomEvent,
  type ServerMessage,
} from "./protocol";

type ConnectionState = { viewer: PartyViewer };

const ADMINS = "role:admin";
const userTag = (id: string) => `user:${id}`;

/**
 * One party per test room (and one "lobby" for the admins' rooms list). The
 * Worker authenticates and authorizes every connection before it reaches this
 * object (party/authorize.server.ts); a request that arrives without the
 * identity header it sets is refused here as well. Actions publish events
 * through the `publish` RPC after their writes commit.
 */
export class RoomParty extends Server<Env> {
  static options = { hibernate: true };

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    const viewer = PartyViewer.safeParse(safeJson(ctx.request.headers.get(VIEWER_HEADER)));
    return viewer.success ? [`role:${viewer.data.role}`, userTag(viewer.data.id)] : [];
  }

  onConnect(connection: Connection<ConnectionState>, ctx: ConnectionContext) {
    const parsed = PartyViewer.safeParse(safeJson(ctx.request.headers.get(VIEWER_HEADER)));
    if (!parsed.success) {
      connection.close(1008, "Unauthorized");
      return;
    }
    connection.setState({ viewer: parsed.data });
    this.send(connection, {
      type: "welcome",
      room: this.name,
      userId: parsed.data.id,
      role: parsed.data.role,
      serverTime: Date.now(),
    });
  }

  onMessage(connection: Connection<ConnectionState>, raw: WSMessage) {
    const parsed = ClientMessage.safeParse(safeJson(typeof raw === "string" ? raw : null));
    if (!parsed.success) {
      this.send(connection, { type: "error", message: "Malformed message" });
      return;
    }
    switch (parsed.data.type) {
      case "ping":
        this.send(connection, { type: "pong", sentAt: parsed.data.sentAt, serverTime: Date.now() });
        break;
    }
  }

  /** RPC from the Worker: deliver an event to its audience; returns how many received it. */
  async publish(event: RoomEvent, audience: Audience = { to: "all" }): Promise<number> {
    const text = JSON.stringify(event);
    const targets =
      audience.to === "all"
        ? this.getConnections()
        : audience.to === "admins"
          ? this.getConnections(ADMINS)
          : this.getConnections(userTag(audience.userId));
    let sent = 0;
    for (const connection of targets) {
      connection.send(text);
      sent++;
    }
    return sent;
  }

  private send(connection: Connection, message: ServerMessage) {
    connection.send(JSON.stringify(message));
  }
}

function safeJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
