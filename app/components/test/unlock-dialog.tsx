import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { controlClass } from "~/components/ui/field";
import { TEST_RULES } from "~/lib/student-tests/test-rules";
import type { TestState } from "~/offline/journal";
import { JOURNAL_LIMITS } from "~/lib/student-tests/journal-limits";

/** The coding test's lock (spec 2: proctoring): the room's unlock code, checked on the server. */
export function UnlockDialog({ state, onUnlock }: { state: TestState; onUnlock: (code: string) => Promise<void> | undefined }) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={state.isLocked && !state.isDisqualified}
      onClose={() => {}}
      title="Test locked"
      description={`Tab switch detected (${state.tabSwitchCount}/${TEST_RULES.maxTabSwitches}). Ask your instructor for the unlock code.`}
    >
      <form
        className="space-y-3"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!code.trim()) return;
          setBusy(true);
          await onUnlock(code.trim());
          setBusy(false);
          setCode("");
        }}
      >
        <label htmlFor="unlock-code" className="block text-sm font-medium">
          Unlock code
        </label>
        <input id="unlock-code" className={controlClass} value={code} onChange={(e) => setCode(e.target.value)} maxLength={JOURNAL_LIMITS.unlockCode} autoComplete="off" autoFocus />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Attempts remaining: {state.unlockAttemptsRemaining}/{TEST_RULES.unlockAttempts}
        </p>
        <Button type="submit" className="w-full" busy={busy} disabled={!code.trim()}>
          Unlock
        </Button>
      </form>
    </Dialog>
  );
}
