import { getServerByName } from "partyserver";
import type { Audience, RoomEvent } from "../../party/protocol";
import { LOBBY, PRACTICE_LOBBY } from "../../party/protocol";

/**
 * Publishes an event on a room's party after the change is committed. A
 * failure to notify never fails the action: the data is already saved, and
 * every page refetches on reconnect.
 */
export async function publish(env: Env, room: string, event: RoomEvent, audience?: Audience) {
  try {
    const stub = await getServerByName(env.RoomParty, room);
    await stub.publish(event, audience);
  } catch (error) {
    console.error(`party publish to ${room} failed`, error);
  }
}

export function publishRoomsChanged(env: Env) {
  return publish(env, LOBBY, { type: "rooms-changed" });
}

/** A participant's state changed (joined, launched, submitted, finished): admins refetch. */
export function publishParticipantsChanged(env: Env, roomId: string) {
  return Promise.all([publish(env, roomId, { type: "participants-changed", roomId }, { to: "admins" }), publishRoomsChanged(env)]);
}

/** A student filed a manual evaluation request: every admin's evaluation page refetches. */
export function publishEvaluationRequested(env: Env) {
  return publish(env, LOBBY, { type: "evaluation-requested" }, { to: "admins" });
}

/** A student's autosave was accepted: admins' monitors (and room grids) refetch. Never the code itself. */
export function publishCodeSaved(env: Env, roomId: string, studentTestId: string) {
  return publish(env, roomId, { type: "code-saved", roomId, studentTestId }, { to: "admins" });
}

/** A practice room was created, activated, deactivated, deleted or given a new OTP: admins' practice pages refetch. */
export function publishPracticeRoomsChanged(env: Env) {
  return publish(env, PRACTICE_LOBBY, { type: "practice-rooms-changed" }, { to: "admins" });
}

/** A student joined a practice room: admins' participant lists refetch (ids only, never names). */
export function publishPracticeParticipantsChanged(env: Env, practiceRoomId: string) {
  return publish(env, PRACTICE_LOBBY, { type: "practice-participants-changed", practiceRoomId }, { to: "admins" });
}
