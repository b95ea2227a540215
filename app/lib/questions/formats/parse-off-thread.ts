// Read a question file in a Web Worker (parse-file.worker.ts), so that the page
// stays responsive while a big file is parsed and a hostile one cannot freeze
// it (security review finding 9). The worker's chunk loads only when a parse
// starts. Where the browser has no Worker, the parsers run on the page instead.
import type { ParsedFile } from "./index";
import { FormatError } from "./model";

export { FormatError };

export type ParseRequest = { fileName: string; bytes: Uint8Array };
/** `formatError`: the parser's own message for a file it cannot read; `failure`: anything else. */
export type WorkerAnswer = { result: ParsedFile } | { formatError: string } | { failure: string };

/** What a parse in the worker rejects with when the worker itself fails (it could not load, or ran out of memory). */
export const WORKER_FAILED = "The file could not be read: the browser stopped reading it (too large or too complex?)";

function startWorker(): Worker | null {
  if (typeof Worker === "undefined") return null;
  try {
    return new Worker(new URL("./parse-file.worker.ts", import.meta.url), { type: "module", name: "question-file-parser" });
  } catch {
    return null; // a browser that cannot start a module worker
  }
}

/**
 * {@link parseQuestionFile} off the page's thread. Rejects with a
 * {@link FormatError} for a file the parsers refuse, with an Error otherwise,
 * and with the signal's reason when aborted (the worker is stopped at once).
 * `bytes` is handed over to the worker and is empty afterwards.
 */
export async function parseQuestionFileOffThread(fileName: string, bytes: Uint8Array, signal?: AbortSignal): Promise<ParsedFile> {
  signal?.throwIfAborted();
  const worker = startWorker();
  if (!worker) {
    const formats = await import("./index");
    return formats.parseQuestionFile(fileName, bytes);
  }
  return new Promise<ParsedFile>((resolve, reject) => {
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener("abort", abort);
    };
    const abort = () => {
      finish();
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", abort, { once: true });
    worker.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
      finish();
      if ("result" in data) resolve(data.result);
      else if ("formatError" in data) reject(new FormatError(data.formatError));
      else reject(new Error(`The file could not be read (${data.failure})`));
    };
    const failed = (e: Event) => {
      e.preventDefault(); // reported here, not as an uncaught error on the page
      finish();
      reject(new Error(WORKER_FAILED));
    };
    worker.onerror = failed;
    worker.onmessageerror = failed;
    const request: ParseRequest = { fileName, bytes };
    worker.postMessage(request, [bytes.buffer as ArrayBuffer]);
  });
}
