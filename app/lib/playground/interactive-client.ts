// The browser's side of an interactive run, without React: one socket per
// run, the messages of contracts/runner.ts parsed as they arrive, and a state
// snapshot after every change. useInteractiveRun wraps it; tests drive it
// against a real runner with Node's WebSocket.
import {
  InteractiveServerMessageSchema,
  type CompileOutcome,
  type InteractiveClientMessage,
  type InteractiveExit,
  type Language,
} from "../../../contracts/runner.ts";
import { appendOutput, type TerminalSegment, type TerminalStream } from "./terminal.ts";

export type InteractiveStatus = "idle" | "connecting" | "compiling" | "running" | "ended";

export type InteractiveState = {
  status: InteractiveStatus;
  segments: TerminalSegment[];
  /** The failed compile, when there was one (nothing ran). */
  compileError: CompileOutcome | null;
  exit: InteractiveExit | null;
  /** Why the run could not start or broke off. */
  error: string | null;
};

export const INITIAL_STATE: InteractiveState = { status: "idle", segments: [], compileError: null, exit: null, error: null };

/** If the runner has not confirmed a Stop by then, the socket is dropped (the runner then kills the program too). */
export const STOP_GRACE_MS = 3000;

const OPEN = 1;

export type InteractiveClientOptions = {
  /** Opens the socket to /api/playground/interactive (or, in tests, to the runner). */
  open: () => WebSocket;
  onChange: (state: InteractiveState) => void;
  /** Why a socket that never opened was refused (the browser cannot read a refused handshake). */
  explainRefusal?: () => Promise<string>;
};

export class InteractiveClient {
  private current: InteractiveState = INITIAL_STATE;
  private ws: WebSocket | null = null;
  private stopping: WebSocket | null = null;
  private stopTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly options: InteractiveClientOptions;

  constructor(options: InteractiveClientOptions) {
    this.options = options;
  }

  get state() {
    return this.current;
  }

  private set(patch: Partial<InteractiveState>) {
    this.current = { ...this.current, ...patch };
    this.options.onChange(this.current);
  }

  private append(stream: TerminalStream, text: string) {
    this.set({ segments: appendOutput(this.current.segments, stream, text) });
  }

  private send(message: InteractiveClientMessage) {
    if (this.ws?.readyState === OPEN) this.ws.send(JSON.stringify(message));
  }

  /** Starts a run (ending any run still going). */
  start(language: Language, code: string) {
    this.dispose();
    this.set({ ...INITIAL_STATE, status: "connecting" });
    const ws = this.options.open();
    this.ws = ws;
    let opened = false;
    let finished = false;
    const mine = () => this.ws === ws;

    ws.addEventListener("open", () => {
      if (!mine()) return;
      opened = true;
      this.set({ status: "compiling" });
      ws.send(JSON.stringify({ type: "start", language, code } satisfies InteractiveClientMessage));
    });
    ws.addEventListener("message", (event) => {
      if (!mine()) return;
      let raw: unknown;
      try {
        raw = JSON.parse(String(event.data));
      } catch {
        raw = undefined;
      }
      const parsed = InteractiveServerMessageSchema.safeParse(raw);
      if (!parsed.success) return;
      const m = parsed.data;
      switch (m.type) {
        case "compile":
          if (m.ok) return this.set({ status: "running" });
          finished = true;
          return this.set({ status: "ended", compileError: m.compile });
        case "stdout":
        case "stderr":
          return this.append(m.type, m.data);
        case "exit":
          finished = true;
          clearTimeout(this.stopTimer);
          return this.set({ status: "ended", exit: m });
        case "error":
          return this.set({ error: m.message });
      }
    });
    // A refused handshake fires "error" then "close" in browsers; Node's client fires only "error".
    const gone = () => {
      if (!mine()) return;
      this.ws = null;
      clearTimeout(this.stopTimer);
      this.set({ status: "ended" });
      if (finished) return;
      if (this.stopping === ws) return this.append("system", "[stopped]\n");
      if (opened) {
        if (!this.current.error) this.set({ error: "The connection to the code runner was lost." });
        return;
      }
      const explain = this.options.explainRefusal ?? (() => Promise.resolve(""));
      void explain().then((reason) => {
        // Only if no other run started meanwhile.
        if (!this.ws && this.current.status === "ended") this.set({ error: reason || "Could not connect to the code runner. Please try again shortly." });
      });
    };
    ws.addEventListener("close", gone);
    ws.addEventListener("error", gone);
  }

  /** Sends a line the user typed (the newline is added) and echoes it. */
  sendLine(line: string) {
    if (this.ws?.readyState !== OPEN || this.current.status !== "running") return;
    this.append("stdin", `${line}\n`);
    this.send({ type: "stdin", data: `${line}\n` });
  }

  /** Closes the program's input (end of file, like Ctrl-D in a terminal). */
  sendEof() {
    this.send({ type: "eof" });
  }

  /** Asks the runner to stop the program; drops the socket if it does not answer in time. */
  stop() {
    const ws = this.ws;
    if (!ws) return;
    if (ws.readyState !== OPEN) {
      this.dispose();
      return this.set({ status: "ended" });
    }
    this.stopping = ws;
    this.send({ type: "close" });
    clearTimeout(this.stopTimer);
    this.stopTimer = setTimeout(() => {
      if (this.ws !== ws) return;
      this.dispose();
      this.set({ status: "ended" });
      this.append("system", "[stopped]\n");
    }, STOP_GRACE_MS);
  }

  clear() {
    this.set({ segments: [] });
  }

  /** Closes the socket without waiting (leaving the page); the runner kills the program. */
  dispose() {
    clearTimeout(this.stopTimer);
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState <= OPEN) ws.close(1000);
  }
}
