import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useToast } from "./toaster";

type Result = { ok: true; message: string } | { ok: false; error: string } | undefined | null;

/**
 * Toasts the outcome of an action once per response: its success message, or
 * `failurePrefix` + the server's message ("Failed to create room" when the
 * server gives none). Pass fetcher.data (or useActionData()).
 */
export function useActionToast(result: unknown, onSuccess?: (result: { ok: true; message: string }) => void) {
  const show = useToast();
  const last = useRef<unknown>(null);
  useEffect(() => {
    const r = result as Result;
    if (!r || r === last.current) return;
    last.current = r;
    if (r.ok) {
      if (r.message) show({ type: "success", message: r.message });
      onSuccess?.(r);
    } else if (r.error) {
      show({ type: "error", message: r.error });
    }
  }, [result, show, onSuccess]);
}

/**
 * Deleting one item of a list, held by the list's page rather than the item's
 * row: the row leaves the list when the item is gone (a live event may remove
 * it even before the action answers), and the outcome's toast must not leave
 * with it. Posts `{ intent: "delete", [field]: id }`; `confirming` is the id
 * whose confirmation is open, `removing` the id being deleted.
 */
export function useListDelete(field: string) {
  const fetcher = useFetcher<Result>();
  const [confirming, setConfirming] = useState<string | null>(null);
  useActionToast(fetcher.data, () => setConfirming(null));
  const busy = fetcher.state !== "idle";
  return {
    confirming,
    ask: (id: string) => setConfirming(id),
    cancel: () => setConfirming(null),
    busy,
    removing: busy ? String(fetcher.formData?.get(field) ?? "") : null,
    remove: (id: string) => fetcher.submit({ intent: "delete", [field]: id }, { method: "post" }),
  };
}
