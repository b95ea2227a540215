import { and, eq, isNull } from "drizzle-orm";
import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { participantDisconnects, testRooms } from "../app/db/schema";
import { createDb } from "../app/lib/db.server";
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
    if (parsed.data.role === "student") this.ctx.waitUntil(this.markOnline(parsed.data.id));
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

  onClose(connection: Connection<ConnectionState>) {
    const viewer = connection.state?.viewer;
    if (viewer?.role === "student") this.ctx.waitUntil(this.markOffline(viewer.id, connection.id));
  }

  /**
   * A student's disconnected periods while the test runs, for the admin's
   * "offline for m:ss". A period opens when their last connection closes and
   * ends when any connection returns.
   */
  private async markOffline(studentId: string, closedId: string) {
    const stillHere = [...this.getConnections(userTag(studentId))].some((c) => c.id !== closedId);
    if (stillHere) return;
    const db = createDb(this.env.DB);
    const room = await db.select({ isActive: testRooms.isActive }).from(testRooms).where(eq(testRooms.id, this.name)).get();
    if (!room?.isActive) return;
    const open = await db
      .select({ id: participantDisconnects.id })
      .from(participantDisconnects)
      .where(and(eq(participantDisconnects.roomId, this.name), eq(participantDisconnects.studentId, studentId), isNull(participantDisconnects.endedAt)))
      .get();
    if (!open) await db.insert(participantDisconnects).values({ roomId: this.name, studentId, startedAt: new Date() });
    await this.publish({ type: "participants-changed", roomId: this.name }, { to: "admins" });
  }

  private async markOnline(studentId: string) {
    const db = createDb(this.env.DB);
    const closed = await db
      .update(participantDisconnects)
      .set({ endedAt: new Date() })
      .where(and(eq(participantDisconnects.roomId, this.name), eq(participantDisconnects.studentId, studentId), isNull(participantDisconnects.endedAt)))
      .returning({ id: participantDisconnects.id });
    if (closed.length) await this.publish({ type: "participants-changed", roomId: this.name }, { to: "admins" });
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
