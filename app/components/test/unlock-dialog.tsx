import { useCallback, useState } from "react";
import { useToast } from "~/components/toaster";
import type { useTestSession } from "~/components/test/use-test-session";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { controlClass } from "~/components/ui/field";
import { TEST_RULES } from "~/lib/student-tests/test-rules";
import type { TestState } from "~/offline/journal";
import { JOURNAL_LIMITS } from "~/lib/student-tests/journal-limits";

/** An unlock that has not reached the server after this long is taken provisionally. */
const UNLOCK_WAIT_MS = 4000;

/** What `unlock` needs of the test session. */
type SessionForUnlock = Pick<ReturnType<typeof useTestSession>, "append" | "flush" | "network">;

/**
 * The coding test's part of the session (an MCQ test only counts switches):
 * the toasts of a lock, a wrong code and an unlock, given to `useTestSession`
 * as `onStateChange` and `unlockTimedOut`; and `unlock`, checked by the
 * server, or offline (or when the server is slow) taken for now and checked
 * on sync.
 */
export function useCodingLock() {
  const toast = useToast();
  const [unlockTimedOut, setUnlockTimedOut] = useState(false);
  const onStateChange = useCallback(
    (prev: TestState, next: TestState) => {
      if (next.isLocked && next.unlockAttemptsRemaining < prev.unlockAttemptsRemaining) {
        // First: an unlock made offline can turn out wrong in the same sync that brings the lock.
        toast({ type: "error", message: `Incorrect code. ${next.unlockAttemptsRemaining} attempts remaining.` });
      } else if (next.isLocked && !prev.isLocked) {
        toast({ type: "error", message: `Tab switch detected! (${next.tabSwitchCount}/${TEST_RULES.maxTabSwitches}) Enter unlock code to continue.` });
      } else if (prev.isLocked && !next.isLocked && !next.isDisqualified) {
        toast({ type: "success", message: "Test unlocked successfully" });
      }
    },
    [toast],
  );
  const unlock = async ({ append, flush, network }: SessionForUnlock, code: string) => {
    setUnlockTimedOut(false);
    await append("unlock", { code });
    if (!network.online) {
      toast({ type: "info", message: "Unlocked for now. The code will be checked when you are back online." });
      return;
    }
    const synced = await Promise.race([flush().then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), UNLOCK_WAIT_MS))]);
    if (!synced) {
      setUnlockTimedOut(true);
      toast({ type: "info", message: "Unlocked for now. The code will be checked when the connection recovers." });
    }
  };
  return { onStateChange, unlockTimedOut, unlock };
}

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
