import { useCallback, useEffect, useRef, useState } from "react";

const RESOURCE_UNREACHABLE = "Could not reach the server. Check your connection and try again.";

/**
 * A GET of one of our JSON resource routes (a room's late change, the add-user
 * suggestions), outside the router. A fetcher's load would be re-run by the
 * page's revalidations (a live room revalidates on every party event), and
 * with lazy route discovery (decision 022) a load that a revalidation cuts off
 * while its route is still being discovered is re-run against the catch-all
 * route, which fails the whole page (remix-run/remix#10263). The answer's JSON
 * is the data whatever its status (the routes answer `{ error }` with a 4xx);
 * a failed request gives `{ error: RESOURCE_UNREACHABLE }`. A newer load
 * cancels the one before it.
 */
export function useJsonResource<T>() {
  const [result, setResult] = useState<{ data?: T | { error: string }; loading: boolean }>({ loading: false });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);
  const load = useCallback((url: string) => {
    current.current?.abort();
    const controller = (current.current = new AbortController());
    setResult((r) => ({ ...r, loading: true }));
    fetch(url, { headers: { Accept: "application/json" }, signal: controller.signal })
      .then((res) => res.json() as Promise<T | { error: string }>)
      .catch(() => ({ error: RESOURCE_UNREACHABLE }))
      .then((data) => {
        if (!controller.signal.aborted) setResult({ data, loading: false });
      });
  }, []);
  return { data: result.data, loading: result.loading, load };
}
