import { isRouteErrorResponse } from "@remix-run/react";

/**
 * Runs a route's server loader from its clientLoader: the data when the server
 * answers, null when the network failed (a fetch that never connected, a body
 * cut off mid-way). Redirects and error answers are the server speaking, so
 * they are thrown on as they are.
 */
export async function serverOrOffline<Data>(serverLoader: () => Promise<Data>): Promise<Data | null> {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return null;
  }
}

/**
 * For `unhandledrejection`: a request that a newer navigation or revalidation
 * aborted is no failure, whoever was left holding its promise. Remix's single
 * fetch can leave such a promise without a handler when a navigation
 * interrupts a revalidation (the root's clientLoader makes that path reachable);
 * the newer navigation carries on. Only that AbortError is kept out of the
 * page's error reports; every other rejection is reported as before.
 */
export function ignoreAbortedRequest(event: Pick<PromiseRejectionEvent, "reason" | "preventDefault">) {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
}
