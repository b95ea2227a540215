import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import type { Language } from "~/lib/playground/playground";
import { InteractiveTerminal } from "./interactive-terminal";

/**
 * Run interactively (issue 14, item 6): shown next to Run when the code reads
 * input. It opens a terminal that streams the program's output as it is
 * produced and sends each line typed as its input; closing the dialog stops
 * the program. Run with the Input box stays for non-interactive runs.
 */
export function InteractiveRun({ code, language }: { code: string; language: Language }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Run interactively
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Interactive run" description="Type a line and press Enter to send it to the program." wide>
        {/* Mounted only while open: each opening starts a fresh run of the code as it is now. */}
        {open ? <InteractiveTerminal language={language} code={code} /> : null}
      </Dialog>
    </>
  );
}
