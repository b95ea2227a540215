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

/** How long code that needs a lazy module waits after a failed load before it tries again. */
export const RETRY_LAZY_LOAD_MS = 2000;

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
