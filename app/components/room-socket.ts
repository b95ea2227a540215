// The room party's connection, which a page loads after its first paint
// (decision 022): partysocket, the check of what the party sends, the time
// anchors and the test page's heartbeat. `useRoomParty` keeps only what the
// page renders with: the revalidation it asks for.
import { PartySocket } from "partysocket";
import { inSeb, sebTicket } from "~/lib/seb/client";
import { SEB_TICKET_PARAM } from "~/lib/seb/headers";
import { OUTAGE_RULES } from "~/lib/student-tests/outages";
import { deviceAnchors } from "~/offline/anchor";
import { ROOM_PARTY } from "../../contracts/party-names";
import type { RoomEvent } from "../../contracts/party";
import { parseServerMessage } from "../../contracts/party-guard";

export type RoomSocketOptions = {
  /** Ping every OUTAGE_RULES.pingMs and close while the browser says it is offline (a student's test page). */
  heartbeat?: boolean;
  /** The page's own handler of a room event (not the party's welcome, pong or error); "handled": no refresh. */
  onEvent: (event: RoomEvent, exit: string | null) => void | "handled";
  /** The page's refreshes, through its gate (refresh-gate.ts). */
  refresh: () => void;
  /** When the page asked for the connection (it rendered): the connection's code loads after that. */
  since: number;
};

/** A test page whose first connection comes later than this after it rendered reads the page again. */
const LATE_FIRST_OPEN_MS = 1000;

/**
 * Connects to a room's party (or the lobby); the returned function closes it.
 * Every event the page does not handle refreshes it. After a reconnect the
 * page catches up on anything missed; after the first connect too, since an
 * event such as Start Test may have gone out between the loader's read and
 * the socket being up (it loads after the first paint). A test page, whose
 * loader is heavy and just ran for a whole class at once, does so only when
 * its socket came late.
 */
export function openRoomSocket(room: string, options: RoomSocketOptions): () => void {
  let connectedBefore = false;
  // Inside Safe Exam Browser each connection carries a ticket from a checked request (SEB adds no header to an upgrade, decision 042).
  const query = inSeb() ? async () => ({ [SEB_TICKET_PARAM]: (await sebTicket(room)) ?? "" }) : undefined;
  const socket = new PartySocket({ host: window.location.host, party: ROOM_PARTY, room, prefix: "parties", query });
  socket.addEventListener("message", (message) => {
    const m = parseServerMessage(safeJson(message.data));
    if (!m) return;
    if (m.type === "welcome" || m.type === "pong") deviceAnchors().note(m.anchor);
    if (m.type === "welcome" || m.type === "pong" || m.type === "error") return;
    if (options.onEvent(m, exitMessage(m)) !== "handled") options.refresh();
  });
  socket.addEventListener("open", () => {
    if (connectedBefore || !options.heartbeat || Date.now() - options.since > LATE_FIRST_OPEN_MS) options.refresh();
    connectedBefore = true;
  });
  const stopHeartbeat = options.heartbeat ? keepHeartbeat(socket) : () => {};
  return () => {
    stopHeartbeat();
    socket.close();
  };
}

/** Pings the party and closes the socket while the browser says it is offline (decision 019). */
function keepHeartbeat(socket: PartySocket) {
  const ping = () => {
    // Only on an open socket: partysocket would queue it and send a burst on reconnect.
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "ping", sentAt: Date.now() }));
  };
  const timer = setInterval(ping, OUTAGE_RULES.pingMs);
  // A browser that knows it is offline closes the socket itself: the close
  // reaches the party at once (or the party notices the silence), instead
  // of a dead socket that looks connected.
  const offline = () => socket.close(4001, "Browser offline");
  const online = () => socket.reconnect();
  window.addEventListener("offline", offline);
  window.addEventListener("online", online);
  if (navigator.onLine === false) offline();
  return () => {
    clearInterval(timer);
    window.removeEventListener("offline", offline);
    window.removeEventListener("online", online);
  };
}

/** The events that end a student's stay in a room, with the spec's message; null for the rest. */
export function exitMessage(event: RoomEvent): string | null {
  if (event.type === "participant-removed") return "You have been removed from this room";
  if (event.type === "room-deleted") return "Room not found";
  return null;
}

function safeJson(data: unknown) {
  try {
    return JSON.parse(String(data));
  } catch {
    return null;
  }
}

export { pageGate } from "./refresh-gate";
