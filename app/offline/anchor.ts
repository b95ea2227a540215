/**
 * The newest server-signed time anchor this device has seen (decision 019).
 * The journal's answers and the room party's welcome and pong bring them;
 * every journal entry carries the newest one. Kept in localStorage, so that
 * entries written after an offline reload still carry it, and so every tab
 * of the device shares it. The browser cannot check an anchor (only the
 * server holds the key); it only reads the time in front, to keep the newest
 * and never to stamp an entry earlier than it.
 */

const STORAGE_KEY = "journal:anchor";

/** The server time an anchor (`<ms>.<signature>`) names, or null if it is not one. */
export function anchorTime(anchor: string | null | undefined): number | null {
  const match = anchor ? /^(\d{1,16})\.[A-Za-z0-9_-]+$/.exec(anchor) : null;
  return match ? Number(match[1]) : null;
}

export type AnchorStore = {
  /** Keeps `anchor` if it is newer than the one held. */
  note(anchor: unknown): void;
  /** The newest anchor seen, if any. */
  newest(): string | undefined;
};

/** An anchor store over `storage` (default localStorage; none: this page's memory only). */
export function createAnchorStore(storage: Pick<Storage, "getItem" | "setItem"> | null = typeof localStorage === "undefined" ? null : localStorage): AnchorStore {
  let held: string | undefined;
  const read = () => {
    try {
      return storage?.getItem(STORAGE_KEY) ?? undefined;
    } catch {
      return undefined; // private mode: memory only
    }
  };
  const newest = () => {
    const stored = read();
    return (anchorTime(stored) ?? -1) > (anchorTime(held) ?? -1) ? stored : held;
  };
  return {
    note(anchor) {
      if (typeof anchor !== "string") return;
      const time = anchorTime(anchor);
      if (time === null || time <= (anchorTime(newest()) ?? -1)) return;
      held = anchor;
      try {
        storage?.setItem(STORAGE_KEY, anchor);
      } catch {
        // Full or private mode: this page still has it.
      }
    },
    newest,
  };
}

let shared: AnchorStore | null = null;

/** The device's anchor store (created on first use: localStorage only exists in the browser). */
export function deviceAnchors(): AnchorStore {
  shared ??= createAnchorStore();
  return shared;
}
