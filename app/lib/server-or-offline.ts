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
