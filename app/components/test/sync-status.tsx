import type { JournalStatus } from "~/offline/journal";

/** "All changes saved" or "N changes waiting to sync": always visible to the student. */
export function SyncStatus({ status }: { status: JournalStatus }) {
  const text = status.storageError
    ? status.storageError
    : status.pending === 0
      ? "All changes saved"
      : `${status.pending} change${status.pending === 1 ? "" : "s"} waiting to sync`;
  const tone = status.storageError || status.error ? "text-red-600" : status.pending ? "text-amber-600" : "text-emerald-600";
  return (
    <span className={`text-xs font-medium ${tone}`} role="status" aria-live="polite" data-testid="sync-status" data-written={status?.written ?? 0}>
      {status.syncing && status.pending ? "Saving… " : ""}
      {text}
    </span>
  );
}
