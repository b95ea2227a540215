import { useRevalidator } from "@remix-run/react";
import usePartySocket from "partysocket/react";
import { useEffect, useRef, useState } from "react";
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
  const [refresh] = useState(coalescedRefresh);
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const revalidate = () => {
    if (refresh.request(latest.current.state === "idle")) latest.current.revalidate();
  };
  // An event that arrived while a revalidation ran may postdate what it read: one more when it ends.
  useEffect(() => {
    if (revalidator.state === "idle" && refresh.settled()) revalidator.revalidate();
  }, [revalidator, revalidator.state, refresh]);
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
      revalidate();
    },
    // After a reconnect (not the first connect), catch up on anything missed.
    onOpen() {
      if (connectedBefore.current) revalidate();
      connectedBefore.current = true;
    },
  });
}

/**
 * Events that arrive while a revalidation runs are not dropped: however many
 * arrive, exactly one more revalidation follows when it ends.
 */
export function coalescedRefresh() {
  let missed = false;
  return {
    /** An event arrived; true: revalidate now (nothing running). */
    request(idle: boolean) {
      if (idle) return true;
      missed = true;
      return false;
    },
    /** The revalidation ended; true: run one more for what arrived meanwhile. */
    settled() {
      const again = missed;
      missed = false;
      return again;
    },
  };
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
