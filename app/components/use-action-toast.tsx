import { useFetcher } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
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

const WatchContext = createContext<(key: string) => void>(() => {});

/**
 * Keeps the toast of a keyed fetcher's answer alive after the component that
 * submitted it is gone: a button the action itself removes (Credit), whose
 * row a live event re-renders before the answer arrives. Mounted once, around
 * the admin's pages; `useToastedFetcher` registers its key here when it submits.
 */
export function FetcherToasts({ children }: { children: ReactNode }) {
  const [keys, setKeys] = useState<string[]>([]);
  const watch = useCallback((key: string) => setKeys((all) => (all.includes(key) ? all : [...all, key])), []);
  const done = useCallback((key: string) => setKeys((all) => all.filter((k) => k !== key)), []);
  return (
    <WatchContext.Provider value={watch}>
      {children}
      {keys.map((key) => (
        <FetcherToast key={key} fetcherKey={key} done={done} />
      ))}
    </WatchContext.Provider>
  );
}

/** Toasts the next answer the fetcher under `fetcherKey` gets (not the one it held when this mounted), then lets go. */
function FetcherToast({ fetcherKey, done }: { fetcherKey: string; done: (key: string) => void }) {
  const fetcher = useFetcher<Result>({ key: fetcherKey });
  const [stale] = useState(fetcher.data);
  const answer = fetcher.data === stale ? undefined : fetcher.data;
  useActionToast(answer);
  useEffect(() => {
    if (answer && fetcher.state === "idle") done(fetcherKey);
  }, [answer, fetcher.state, fetcherKey, done]);
  return null;
}

/**
 * A fetcher under a stable key whose answer is toasted by `FetcherToasts`, so
 * the toast survives this component unmounting before the answer arrives.
 */
export function useToastedFetcher(key: string) {
  const fetcher = useFetcher<Result>({ key });
  const watch = useContext(WatchContext);
  const submit: typeof fetcher.submit = (target, options) => {
    watch(key);
    return fetcher.submit(target, options);
  };
  return { busy: fetcher.state !== "idle", submit };
}
