import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import {
  ClientMessage,
  PartyViewer,
  VIEWER_HEADER,
  type ServerMessage,
} from "./protocol";

type ConnectionState = { viewer: PartyViewer };

/**
 * One party per test room. The Worker authenticates every connection before it
 * reaches this object (see `authorizePartyRequest`); a request that arrives
 * without the identity header it sets is refused here as well.
 */
export class RoomParty extends Server<Env> {
  static options = { hibernate: true };

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
