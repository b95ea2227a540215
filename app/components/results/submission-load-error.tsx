import { isRouteErrorResponse, useRevalidator, useRouteError } from "@remix-run/react";
import { useMemo } from "react";
import { useToastOnce } from "~/components/toaster";
import { Button } from "~/components/ui/button";

/** The spec's load failure message for the student's history and submission view. */
export const LOAD_FAILED = "Failed to load submissions";

/** A loader's failure as a toast and an inline panel with Try again (the page keeps its shell). */
export function LoadErrorPanel() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { error?: unknown })?.error === "string"
      ? (error.data as { error: string }).error
      : LOAD_FAILED;
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
