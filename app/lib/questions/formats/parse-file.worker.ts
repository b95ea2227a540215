// The question-file parsers, run off the page's thread (decision 027, security
// review finding 9): a big or hostile file keeps this worker busy, never the
// page. Started by parseQuestionFileOffThread (parse-off-thread.ts), one file each.
import { FormatError, parseQuestionFile } from "./index";
import type { ParseRequest, WorkerAnswer } from "./parse-off-thread";

// A dedicated worker's global scope; the app's TypeScript lib is the DOM's, whose postMessage differs.
const scope = self as unknown as { onmessage: (e: MessageEvent<ParseRequest>) => void; postMessage: (answer: WorkerAnswer) => void };

scope.onmessage = ({ data }) => {
  let answer: WorkerAnswer;
  try {
    answer = { result: parseQuestionFile(data.fileName, data.bytes) };
  } catch (e) {
    answer = e instanceof FormatError ? { formatError: e.message } : { failure: e instanceof Error ? e.message : String(e) };
  }
  scope.postMessage(answer);
};
