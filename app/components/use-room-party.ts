import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { loadLazily } from "~/offline/lazy";
import type { RoomEvent } from "../../party/protocol";

/**
 * Subscribes to a room's party (or the lobby). By default every event
 * revalidates the page's loaders, so what is shown always comes from the
 * server's permission-checked loaders; `onEvent` can react first.
 *
 * With `heartbeat` (a student's test page), the page pings the party every
 * OUTAGE_RULES.pingMs and keeps the time anchor of each pong, and it closes
 * the connection while the browser says it is offline, so the party records
 * the outage the journal's grace depends on (decision 019).
 */
export function useRoomParty(room: string, onEvent?: (event: RoomEvent) => void | "handled", options: { heartbeat?: boolean } = {}) {
  const revalidator = useRevalidator();
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const connectedBefore = useRef(false);
  const [refresh] = useState(coalescedRefresh);
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const revalidate = useRef(() => {
    if (refresh.request(latest.current.state === "idle")) latest.current.revalidate();
  });
  // An event that arrived while a revalidation ran may postdate what it read: one more when it ends.
  useEffect(() => {
    if (revalidator.state === "idle" && refresh.settled()) revalidator.revalidate();
  }, [revalidator, revalidator.state, refresh]);
  const heartbeat = options.heartbeat ?? false;
  useEffect(() => {
    let closed = false;
    let close: (() => void) | null = null;
    const mountedAt = Date.now();
    // The connection's code (partysocket with it) loads after the first
    // paint: the page renders without it, and live events only matter once
    // it is up (decision 022).
    loadLazily(() => import("./room-socket"))
      .then(({ openRoomSocket }) => {
        if (closed) return;
        close = openRoomSocket(room, {
          heartbeat,
          onEvent(event) {
            if (handler.current?.(event) === "handled") return;
            revalidate.current();
          },
          // After a reconnect, catch up on anything missed. After the first
          // connect too: an event such as Start Test may have gone out between
          // the loader's read and the socket being up (it loads after the first
          // paint). A test page, whose loader is heavy and just ran for a whole
          // class at once, does so only when its socket came late.
          onOpen() {
            const late = !heartbeat || Date.now() - mountedAt > LATE_FIRST_OPEN_MS;
            if (connectedBefore.current || late) revalidate.current();
            connectedBefore.current = true;
          },
        });
      })
      .catch(() => {
        // Offline before this chunk was ever kept: no live events until a
        // reload online; the journal still saves and syncs every answer.
      });
    return () => {
      closed = true;
      close?.();
    };
  }, [room, heartbeat]);
}

/** A test page whose first connection comes later than this after it rendered reads the page again. */
const LATE_FIRST_OPEN_MS = 1000;

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

/** The events that end a student's stay in a room, with the spec's message; null for the rest. */
export function exitMessage(event: RoomEvent): string | null {
  if (event.type === "participant-removed") return "You have been removed from this room";
  if (event.type === "room-deleted") return "Room not found";
  return null;
}
