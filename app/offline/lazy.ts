// Code a page loads after its first paint (decision 022). The offline shell
// waits for these before it lists the page's assets for the service worker,
// so a lazily loaded chunk is kept for an offline reload like the rest.
const pending = new Set<Promise<unknown>>();

export function loadLazily<T>(load: () => Promise<T>): Promise<T> {
  const promise = load();
  pending.add(promise);
  promise.then(
    () => pending.delete(promise),
    () => pending.delete(promise),
  );
  return promise;
}

/** Resolves once every lazy load started so far has loaded or failed. */
export function lazyLoadsSettled(): Promise<unknown> {
  return Promise.allSettled([...pending]);
}

/**
 * A module loaded once, through `loadLazily`. A failed load is forgotten, so
 * the next call tries again (offline before the chunk was ever kept).
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let module: Promise<T> | null = null;
  return () =>
    (module ??= loadLazily(load).catch((error: unknown) => {
      module = null;
      throw error;
    }));
}

/** How long `whenLoaded` waits after a failed load before it tries again. */
export const RETRY_LAZY_LOAD_MS = 2000;

/**
 * Calls `use` with the module once `load` has it, trying again every
 * RETRY_LAZY_LOAD_MS after a failure (the connection dropped just then).
 * The returned function cancels: `use` is not called after it.
 */
export function whenLoaded<T>(load: () => Promise<T>, use: (module: T) => void): () => void {
  let cancelled = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    load().then(
      (module) => {
        if (!cancelled) use(module);
      },
      () => {
        if (!cancelled) retry = setTimeout(attempt, RETRY_LAZY_LOAD_MS);
      },
    );
  };
  attempt();
  return () => {
    cancelled = true;
    clearTimeout(retry);
  };
}
