import { Link } from "@remix-run/react";
import { Dialog } from "~/components/ui/dialog";
import { Button, Spinner } from "~/components/ui/button";
import { inSeb, SEB_QUIT_PATH } from "~/lib/seb/seb";

export type FinishPhase =
  | { type: "submitting"; timeUp: boolean }
  | { type: "waiting-online"; timeUp?: boolean }
  /** Inside Safe Exam Browser the page stays, offering Quit Safe Exam Browser (decision 042) instead of returning to the dashboard. */
  | { type: "submitted"; message: string }
  | { type: "failed"; error: string; retry?: boolean };

const QUIET_LINK = "inline-flex items-center rounded-md px-3.5 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800";

/**
 * Shown once the test is ending: time is up (auto-submit, no confirmation),
 * the answers are being sent, or they were accepted and the student is about
 * to return to the dashboard. It cannot be dismissed.
 */
export function FinishDialog({ phase, onRetry }: { phase: FinishPhase | null; onRetry?: () => void }) {
  const title =
    phase?.type === "submitted"
      ? "Test submitted"
      : phase?.type === "failed"
        ? "Your test could not be submitted"
        : phase?.type === "waiting-online"
          ? phase.timeUp === false
            ? "Waiting for the connection"
            : "Time's up — waiting for the connection"
          : phase?.type === "submitting" && phase.timeUp
            ? "Time's up!"
            : "Submitting your test";
  return (
    <Dialog open={phase !== null} onClose={() => {}} title={title}>
      {phase?.type === "submitting" ? (
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300" role="status">
          <Spinner /> Submitting your answers…
        </p>
      ) : null}
      {phase?.type === "waiting-online" ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" role="status">
          You are offline. Your answers are saved on this device and will be submitted as soon as the connection returns. Keep this tab open.
        </p>
      ) : null}
      {phase?.type === "submitted" ? (
        <div role="status" className="text-sm text-slate-600 dark:text-slate-300">
          <p className="text-base font-semibold text-emerald-700 dark:text-emerald-300">{phase.message}</p>
          {inSeb() ? (
            <div className="mt-5 flex flex-wrap justify-end gap-2">
              <Link to="/student" className={QUIET_LINK}>
                Back to dashboard
              </Link>
              {/* The configuration's quitURL: SEB quits when it opens it (a full navigation, not the router's). */}
              <a href={SEB_QUIT_PATH} className="inline-flex items-center rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
                Quit Safe Exam Browser
              </a>
            </div>
          ) : (
            <p className="mt-2">Returning to your dashboard…</p>
          )}
        </div>
      ) : null}
      {phase?.type === "failed" ? (
        <div className="text-sm text-slate-600 dark:text-slate-300">
          <p role="alert" className="text-red-700 dark:text-red-300">
            {phase.error}
          </p>
          <p className="mt-2">Your answers are kept on this device.</p>
          <div className="mt-5 flex justify-end gap-2">
            <Link to="/student" className={QUIET_LINK}>
              Back to dashboard
            </Link>
            {phase.retry === false ? null : <Button onClick={onRetry}>Try again</Button>}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
