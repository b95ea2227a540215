import { useFetchers, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { loadLazily } from "~/offline/lazy";
import type { RoomEvent } from "../../contracts/party";
import type { NavigateOptions, PageGate, RouterNow } from "./refresh-gate";

/** What a page's event handler (and the page itself) may do in answer to a room event. */
export type RoomPartyPage = {
  /** Reads the page's loaders again, coalesced with every other refresh (refresh-gate.ts). */
  refresh: () => void;
  /** Navigates once no refresh or reload is running (or after NAVIGATE_WAIT_MS): leaving never cuts a read short. */
  navigate: (to: string, options?: NavigateOptions) => void;
};

/**
 * Subscribes to a room's party (or the lobby). By default every event
 * revalidates the page's loaders, so what is shown always comes from the
 * server's permission-checked loaders; `onEvent` can react first. Its `exit`
 * is the spec's message for an event that ends a student's stay in the room. Refreshes
 * and event-driven navigations go through one gate (refresh-gate.ts), which
 * loads with the connection's code: before it, no event can arrive.
 *
 * With `heartbeat` (a student's test page), the page pings the party every
 * OUTAGE_RULES.pingMs and keeps the time anchor of each pong, and it closes
 * the connection while the browser says it is offline, so the party records
 * the outage the journal's grace depends on (decision 019).
 */
export function useRoomParty(
  room: string,
  onEvent?: (event: RoomEvent, page: RoomPartyPage, exit: string | null) => void | "handled",
  options: { heartbeat?: boolean } = {},
): RoomPartyPage {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const navigate = useNavigate();
  // Busy: a revalidation or a navigation runs, or a fetcher loads (a fetcher.load, or the reload after its action).
  // A fetcher's action still running is not: a revalidation leaves it alone, and the page shows the event at once.
  const busy = [revalidator, navigation].some((r) => r.state !== "idle") || fetchers.some((f) => f.state === "loading");
  // What the last render had: the router's functions and the page's handler.
  const live = useRef<RouterNow & { onEvent: typeof onEvent }>(null!);
  live.current = { revalidate: revalidator.revalidate, navigate, onEvent };
  const gate = useRef<PageGate | null>(null);
  const [page] = useState<RoomPartyPage>(() => ({
    refresh: () => gate.current?.refresh(),
    navigate: (to, options) => (gate.current ?? live.current).navigate(to, options),
  }));
  // Each committed render tells the gate whether the router is busy.
  useEffect(() => gate.current?.observe(busy));
  const { heartbeat } = options;
  useEffect(() => {
    let closed = false;
    let close: (() => void) | null = null;
    const since = Date.now();
    // The connection's code (partysocket with it) loads after the first
    // paint: the page renders without it, and live events only matter once
    // it is up (decision 022).
    loadLazily(() => import("./room-socket"))
      .then(({ openRoomSocket, pageGate }) => {
        if (closed) return;
        gate.current ??= pageGate(() => live.current);
        close = openRoomSocket(room, { heartbeat, onEvent: (event, exit) => live.current.onEvent?.(event, page, exit), refresh: page.refresh, since });
      })
      .catch(() => {
        // Offline before this chunk was ever kept: no live events until a
        // reload online; the journal still saves and syncs every answer.
      });
    return () => {
      closed = true;
      close?.();
      gate.current?.stop();
    };
  }, [room, heartbeat, page]);
  return page;
}
