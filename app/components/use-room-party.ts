import { useRevalidator } from "@remix-run/react";
import usePartySocket from "partysocket/react";
import { useRef } from "react";
import { ROOM_PARTY, ServerMessage, type RoomEvent } from "../../party/protocol";

/**
 * Subscribes to a room's party (or the lobby). By default every event
 * revalidates the page's loaders, so what is shown always comes from the
 * server's permission-checked loaders; `onEvent` can react first.
 */
export function useRoomParty(room: string, onEvent?: (event: RoomEvent) => void | "handled") {
  const revalidator = useRevalidator();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const connectedBefore = useRef(false);
  return usePartySocket({
    party: ROOM_PARTY,
    room,
    prefix: "parties",
    onMessage(message) {
      const parsed = ServerMessage.safeParse(safeJson(message.data));
      if (!parsed.success) return;
      const m = parsed.data;
      if (m.type === "welcome" || m.type === "pong" || m.type === "error") return;
      if (handler.current?.(m) === "handled") return;
      if (revalidator.state === "idle") revalidator.revalidate();
    },
    // After a reconnect (not the first connect), catch up on anything missed.
    onOpen() {
      if (connectedBefore.current && revalidator.state === "idle") revalidator.revalidate();
      connectedBefore.current = true;
    },
  });
}

function safeJson(data: unknown) {
  try {
    return JSON.parse(String(data));
  } catch {
    return null;
  }
}

/** The events that end a student's stay in a room, with the spec's message; null for the rest. */
export function exitMessage(event: RoomEvent): string | null {
  if (event.type === "participant-removed") return "You have been removed from this room";
  if (event.type === "room-deleted") return "Room not found";
  return null;
}
