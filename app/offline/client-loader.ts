import { serverOrOffline } from "~/lib/ui/server-or-offline";
import type { TestState } from "./journal";
import { mergeLocal, readLocalTest, saveServerData } from "./test-store";

type TestData = { testId: string; serverNow: number; state: TestState };

export const OFFLINE_NOT_SAVED = "You are offline, and this test has not been saved on this device yet. Reconnect and reload the page.";

/**
 * The client half of a test page's loader: the server's data when it answers
 * (kept on this device for later), this device's copy when it cannot be
 * reached, and this device's newer code, answers and state laid over either.
 */
export async function loadWithLocal<Data extends TestData>(roomId: string, serverLoader: () => Promise<Data>) {
  const server = await serverOrOffline(serverLoader);
  // The test capability (issue 40) stays in memory: the device keeps no credential beyond the page.
  if (server) await saveServerData(roomId, server.testId, { ...server, capability: null }, server.serverNow, server.state);
  const merged = mergeLocal(server, await readLocalTest<Data>(roomId));
  if (!merged) throw Response.json({ error: OFFLINE_NOT_SAVED }, { status: 503 });
  return merged;
}
