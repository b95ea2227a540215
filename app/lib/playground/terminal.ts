// What the interactive terminal shows, as plain functions (the browser's
// hook and component use them; unit-tested beside them).
import type { InteractiveExit } from "../../../contracts/runner.ts";

export type TerminalStream = "stdout" | "stderr" | "stdin" | "system";
export type TerminalSegment = { stream: TerminalStream; text: string };

/** The most text the terminal keeps; older output is dropped (a program may write 8 MB). */
export const TERMINAL_KEEP_CHARS = 200_000;
export const TRIMMED_NOTICE = "[earlier output trimmed]\n";

/**
 * Appends text to the segments: to the last one when it is the same stream,
 * so a line written in pieces stays one. Keeps at most `keep` characters,
 * dropping the oldest and saying so once at the top.
 */
export function appendOutput(segments: TerminalSegment[], stream: TerminalStream, text: string, keep = TERMINAL_KEEP_CHARS): TerminalSegment[] {
  if (!text) return segments;
  const next = segments.slice();
  const last = next[next.length - 1];
  if (last && last.stream === stream) next[next.length - 1] = { stream, text: last.text + text };
  else next.push({ stream, text });
  let total = next.reduce((n, s) => n + s.text.length, 0);
  if (total <= keep) return next;
  const trimmed = next[0]?.stream === "system" && next[0].text === TRIMMED_NOTICE;
  if (trimmed) total -= TRIMMED_NOTICE.length;
  const out = trimmed ? next.slice(1) : next;
  let excess = total - keep;
  while (excess > 0 && out.length > 0) {
    const first = out[0]!;
    if (first.text.length <= excess) {
      excess -= first.text.length;
      out.shift();
    } else {
      out[0] = { stream: first.stream, text: first.text.slice(excess) };
      excess = 0;
    }
  }
  return [{ stream: "system", text: TRIMMED_NOTICE }, ...out];
}

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** One line for the end of a run: what happened, then CPU and wall time. */
export function exitSummary(exit: Pick<InteractiveExit, "code" | "signal" | "verdict" | "reason" | "timeMs" | "wallMs">): string {
  const times = `CPU ${seconds(exit.timeMs)} · ${seconds(exit.wallMs)} in all`;
  const what = {
    exit:
      exit.verdict === "OK"
        ? "Exited with code 0"
        : exit.signal
          ? `Runtime error: killed by ${exit.signal}`
          : `Runtime error: exited with code ${exit.code}`,
    cpu: "Time limit exceeded: the program used all of its CPU time",
    duration: "Time limit exceeded: the session reached its longest duration",
    idle: "Stopped: no input for too long",
    memory: "Memory limit exceeded",
    output: "Output limit exceeded",
    stopped: "Stopped",
  }[exit.reason];
  return `${what} (${times})`;
}

/** The WebSocket address of interactive runs on this site. */
export function interactiveUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/playground/interactive`;
}
