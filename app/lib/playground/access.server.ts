// Who may use the compiler playground (issue 14, items 5 and 7): any
// signed-in user, except a student while one of their tests is running
// (findRunningTest, the one rule the page, its run action and interactive runs share).
import type { Db } from "~/lib/d1/db.server";
import type { Viewer } from "~/lib/accounts/session.server";
import { findRunningTest } from "~/lib/student-tests/running-test.server";
import { PLAYGROUND_MESSAGES } from "./playground";

export const PLAYGROUND_CLOSED_DURING_TEST = PLAYGROUND_MESSAGES.testRunning;

/** Whether this user may run code in the playground now (admins always may). */
export async function mayUsePlayground(db: Db, user: Pick<Viewer, "id" | "role">, now = Date.now()): Promise<boolean> {
  if (user.role !== "student") return true;
  return (await findRunningTest(db, user.id, now)) === null;
}
