import { useRevalidator } from "@remix-run/react";
import { useMemo } from "react";
import { useToastOnce } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import type { HistoryRow } from "~/lib/results/history.server";

/** What Delete is about to remove: one test (from its row) or the ticked ones. */
export type DeleteTarget = { ids: string[]; one: Pick<HistoryRow, "studentName" | "roomName"> | null };

/** "Are you sure?" before a history delete; says what goes and what stays. */
export function HistoryDeleteDialog({
  target,
  busy,
  onClose,
  onConfirm,
}: {
  target: DeleteTarget | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (ids: string[]) => void;
}) {
  const many = (target?.ids.length ?? 0) > 1;
  return (
    <ConfirmDialog
      open={target !== null}
      onClose={onClose}
      onConfirm={() => target && onConfirm(target.ids)}
      busy={busy}
      title={many ? `Delete ${target!.ids.length} tests?` : "Delete this test?"}
      confirmLabel={many ? `Delete ${target!.ids.length} tests` : "Delete"}
      description={
        <>
          {target?.one ? (
            <>
              The test of <strong>{target.one.studentName}</strong> in <strong>{target.one.roomName}</strong>
            </>
          ) : (
            "These tests"
          )}
          {", with the submissions, live code, evaluation requests and sync journal, will be deleted. "}
          The rooms and their participants stay. This cannot be undone.
        </>
      }
    />
  );
}

/** The page when its list could not be loaded: the spec's message (also as a toast) and Try again. */
export function HistoryLoadError({ message }: { message: string }) {
  const revalidator = useRevalidator();
  useToastOnce(useMemo(() => ({ type: "error" as const, message }), [message]));
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <p>{message}</p>
      <Button variant="secondary" busy={revalidator.state === "loading"} onClick={() => revalidator.revalidate()}>
        Try again
      </Button>
    </div>
  );
}
