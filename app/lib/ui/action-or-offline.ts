import { isRouteErrorResponse } from "@remix-run/react";

/**
 * A route's server action from its clientAction: a lost connection answers
 * `offline` (the page queues or explains) instead of the error page. A thrown
 * Response or route error still goes to the error boundary.
 */
export async function actionOrOffline<Answer>(serverAction: () => Promise<Answer>) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return { ok: false as const, error: "You are offline.", offline: true as const };
  }
}
