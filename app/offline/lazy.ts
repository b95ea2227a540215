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
