import { AlertIcon, CheckIcon, CloudIcon } from "~/components/mcq/icons";
import type { JournalStatus } from "~/offline/journal";

/** "All changes saved" / "N changes waiting to sync", from the offline journal: always visible to the student (README: offline-tolerant test taking). */
export function SyncStatus({ status }: { status: JournalStatus | null }) {
  let text: string;
  let tone: string;
  let title: string | undefined;
  if (!status) {
    text = "Preparing offline saving…";
    tone = "text-muted";
  } else if (status.error) {
    text = status.pending > 0 ? `Sync stopped · ${status.pending} unsynced` : "Sync stopped";
    tone = "text-red-700 dark:text-red-300";
    title = status.error;
  } else if (status.tooLarge > 0) {
    text = `${status.tooLarge} ${status.tooLarge === 1 ? "change" : "changes"} too large to send`;
    tone = "text-red-700 dark:text-red-300";
    title = status.tooLargeError ?? undefined;
  } else if (status.pending > 0) {
    text = `${status.pending} ${status.pending === 1 ? "change" : "changes"} waiting to sync`;
    tone = "text-amber-700 dark:text-amber-300";
  } else {
    text = "All changes saved";
    tone = "text-emerald-700 dark:text-emerald-300";
  }
  if (status?.lastSyncedAt) title ??= `Last synced ${new Date(status.lastSyncedAt).toLocaleTimeString()}`;
  const Glyph = status?.error || status?.tooLarge ? AlertIcon : status && status.pending === 0 ? CheckIcon : CloudIcon;
  return (
    <p role="status" aria-live="polite" title={title} data-testid="sync-status" data-written={status?.written ?? 0} className={`flex items-center justify-end gap-1.5 text-xs font-medium whitespace-nowrap sm:min-w-48 ${tone}`}>
      <Glyph className={`h-4 w-4 ${status?.syncing && status.pending > 0 ? "animate-pulse" : ""}`} />
      {text}
    </p>
  );
}

