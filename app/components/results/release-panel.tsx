// When students see their results (issue 37, decision 041): the status line,
// Release results now / Withdraw release, and the settings (when, and what a
// student sees after release). On the room page and the room's results page.
import { useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import { useActionToast } from "~/components/use-action-toast";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog, FormActions } from "~/components/ui/dialog";
import { controlClass } from "~/components/ui/field";
import { ViewerTime } from "~/components/ui/viewer-time";
import { RELEASE_LABELS, RELEASE_MESSAGES, RESULTS_RELEASE_MODES, REVIEW_LABELS, type ReleaseView, type ReviewOptions } from "~/lib/results/release";
import { localInputInstant, localInputValue } from "~/lib/ui/format";

type ActionResult = { ok: true; message: string } | { ok: false; error: string; errors?: Record<string, string> };

/** "Released at 14:00" (the viewer's time), "Released: results show as students finish", or "Not released: students see no scores". */
export function ReleaseStatus({ release }: { release: ReleaseView }) {
  if (release.releasedAt === null) {
    return (
      <span data-testid="release-status">
        {RELEASE_MESSAGES.notReleased}
        {release.mode === "at" && release.at !== null ? (
          <>
            {" (release at "}
            <ViewerTime ms={release.at} style="date-time" />
            {")"}
          </>
        ) : null}
      </span>
    );
  }
  if (release.releasedAt === 0) return <span data-testid="release-status">Released: students see their results when they finish</span>;
  return (
    <span data-testid="release-status">
      {"Released at "}
      <ViewerTime ms={release.releasedAt} style="date-time" />
    </span>
  );
}

/** The status with its buttons: Release results now while held, Withdraw release once released; the settings on the room page. */
export function ReleasePanel({ release, settings = false }: { release: ReleaseView; settings?: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const [dialog, setDialog] = useState<"settings" | "withdraw" | null>(null);
  const busy = fetcher.state !== "idle";
  const held = release.releasedAt === null;
  return (
    <section aria-labelledby="release-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="release-heading" className="text-sm font-semibold">
            Results release
          </h3>
          <p className={`text-sm ${held ? "text-amber-800 dark:text-amber-200" : "text-slate-600 dark:text-slate-300"}`}>
            <ReleaseStatus release={release} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {held ? (
            <Button busy={busy && fetcher.formData?.get("intent") === "release-now"} onClick={() => fetcher.submit({ intent: "release-now" }, { method: "post" })}>
              Release results now
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setDialog("withdraw")}>
              Withdraw release
            </Button>
          )}
          {settings ? (
            <Button variant="secondary" onClick={() => setDialog("settings")}>
              Release settings
            </Button>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={dialog === "withdraw"}
        title="Withdraw the release?"
        description="Students stop seeing their scores and verdicts until you release the results again, and the LMS shows their grades as pending."
        confirmLabel="Withdraw release"
        busy={busy}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          fetcher.submit({ intent: "withdraw-release" }, { method: "post" });
          setDialog(null);
        }}
      />
      {settings && dialog === "settings" ? <ReleaseSettingsDialog onClose={() => setDialog(null)} release={release} /> : null}
    </section>
  );
}

/** When students see their results, and what they see once released. Mounted only while open: each opening starts from the room's settings; a refused save keeps the edits. */
function ReleaseSettingsDialog({ onClose, release }: { onClose: () => void; release: ReleaseView }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, onClose);
  const [mode, setMode] = useState(release.mode);
  const [local, setLocal] = useState(() => (release.at !== null ? localInputValue(release.at) : ""));
  const [review, setReview] = useState<ReviewOptions>(release.review);
  const timeId = useId();
  const zone = typeof Intl === "undefined" ? "" : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <Dialog open onClose={onClose} title="Results release" description="Administrators always see every result. Students see theirs only once the results are released.">
      <fetcher.Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="intent" value="results-release" />
        <input type="hidden" name="resultsReleaseAt" value={mode === "at" ? localInputInstant(local) : ""} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">When students see their results</legend>
          {RESULTS_RELEASE_MODES.map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <input type="radio" name="resultsRelease" value={m} checked={mode === m} onChange={() => setMode(m)} />
              {RELEASE_LABELS[m]}
            </label>
          ))}
          {mode === "at" ? (
            <div className="pl-6">
              <label htmlFor={timeId} className="mb-1 block text-sm">
                Release at
              </label>
              <input id={timeId} type="datetime-local" className={controlClass} value={local} onChange={(e) => setLocal(e.target.value)} aria-describedby={`${timeId}-zone`} />
              <p id={`${timeId}-zone`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {zone ? `Your time zone: ${zone}` : "Your own time zone"}
              </p>
            </div>
          ) : null}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">What students see once released</legend>
          {(Object.keys(REVIEW_LABELS) as (keyof ReviewOptions)[]).map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={k} checked={review[k]} onChange={(e) => setReview((r) => ({ ...r, [k]: e.target.checked }))} />
              {REVIEW_LABELS[k]}
            </label>
          ))}
        </fieldset>
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <FormActions onCancel={onClose} busy={fetcher.state !== "idle"} submitLabel="Save" />
      </fetcher.Form>
    </Dialog>
  );
}
