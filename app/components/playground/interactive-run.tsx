import type { Language } from "~/lib/playground/playground";

/**
 * The place for an interactive run (issue 14, item 6: the program's output
 * streamed as it is produced, each line the user types sent as stdin), which
 * is built separately. The playground renders this next to Run only when the
 * code reads input; until the terminal exists it renders nothing, and input
 * goes through the Input box and Run.
 */
export function InteractiveRun(_props: { code: string; language: Language }) {
  // INTERACTIVE: mount the terminal here (a "Run interactively" button and the terminal it opens).
  return null;
}
