import { useEffect, useMemo, useRef, useState } from "react";
import type { Language } from "../../../contracts/runner";
import { INITIAL_STATE, InteractiveClient, type InteractiveState } from "~/lib/playground/interactive-client";
import { interactiveUrl } from "~/lib/playground/terminal";

export type { InteractiveState, InteractiveStatus } from "~/lib/playground/interactive-client";

export type InteractiveRun = InteractiveState & {
  start(language: Language, code: string): void;
  /** Sends a line the user typed (a newline is added) and echoes it. */
  sendLine(line: string): void;
  /** Closes the program's input (end of file, like Ctrl-D in a terminal). */
  sendEof(): void;
  stop(): void;
  clear(): void;
};

/** Why an upgrade was refused: the same address answers a plain GET with the checks' JSON (426 when they pass). */
async function refusalReason(): Promise<string> {
  try {
    const res = await fetch("/api/playground/interactive", { headers: { Accept: "application/json" } });
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    if (res.status !== 426 && typeof body?.error === "string") return body.error;
  } catch {
    // Offline: the generic message says enough.
  }
  return "";
}

/**
 * One interactive run at a time over /api/playground/interactive (issue 14
 * item 6): the program's output as it streams in, and each line the user
 * sends as its stdin. Leaving the page ends the program.
 */
export function useInteractiveRun(): InteractiveRun {
  const [state, setState] = useState<InteractiveState>(INITIAL_STATE);
  const client = useRef<InteractiveClient | null>(null);
  if (!client.current) {
    client.current = new InteractiveClient({
      open: () => new WebSocket(interactiveUrl(window.location)),
      onChange: setState,
      explainRefusal: refusalReason,
    });
  }
  const c = client.current;
  useEffect(() => () => c.dispose(), [c]);
  const actions = useMemo(
    () => ({
      start: (language: Language, code: string) => c.start(language, code),
      sendLine: (line: string) => c.sendLine(line),
      sendEof: () => c.sendEof(),
      stop: () => c.stop(),
      clear: () => c.clear(),
    }),
    [c],
  );
  return { ...state, ...actions };
}
