import { LOBBY, PRACTICE_LOBBY, roomEvents, type Published } from "../../contracts/party";

// Publishers build their events with these (decision 047).
export { roomEvents };
import { requestGradeSync } from "./lti/grades.server";

/**
 * A room's party object, addressed by its name. partyserver's getServerByName
 * makes a setName call before every call; the object already knows its name
 * (ctx.id.name, which partyserver reads), so that was a second round trip to
 * the object for each publish (issue 40, decision 045).
 */
export const roomObject = (env: Env, roomId: string) => env.RoomParty.get(env.RoomParty.idFromName(roomId));

/**
 * Publishes an event, built by its helper in `roomEvents` (which names its
 * audience), on a room's party after the change is committed. A failure to
 * notify never fails the action: the data is already saved, and every page
 * refetches on reconnect.
 */
export async function publish(env: Env, room: string, published: Published) {
  await publishAll(env, room, [published]);
}

/** Events on one room's party: one call to its object per audience. */
async function publishAll(env: Env, room: string, published: Published[]) {
  const byAudience = new Map<string, Published[]>();
  for (const p of published) {
    const key = JSON.stringify(p.audience);
    byAudience.set(key, [...(byAudience.get(key) ?? []), p]);
  }
  try {
    const stub = roomObject(env, room);
    for (const group of byAudience.values()) {
      await stub.publishAll(
        group.map((p) => p.event),
        group[0]!.audience,
      );
    }
  } catch (error) {
    console.error(`party publish to ${room} failed`, error);
  }
}

export function publishRoomsChanged(env: Env) {
  return publish(env, LOBBY, roomEvents.roomsChanged());
}

/**
 * A participant's state changed (joined, launched, submitted, finished, overridden, evaluated):
 * admins refetch, and an LMS gradebook that shows the room's scores follows (decision 025).
 */
export function publishParticipantsChanged(env: Env, roomId: string) {
  return Promise.all([
    publish(env, roomId, roomEvents.participantsChanged(roomId)),
    publishRoomsChanged(env),
    requestGradeSync(env, roomId),
  ]);
}

/** A room was deleted: its open pages leave, and the rooms lists refetch. */
export function publishRoomDeleted(env: Env, roomId: string) {
  return Promise.all([publish(env, roomId, roomEvents.roomDeleted(roomId)), publishRoomsChanged(env)]);
}

/**
 * A room's results were released or withdrawn, or what students see changed
 * (decision 041): every page of the room refetches what it may show, and the
 * LMS gradebook follows (the score at release, Pending while held).
 */
export function publishResultsChanged(env: Env, roomId: string) {
  return Promise.all([publish(env, roomId, roomEvents.resultsChanged(roomId)), publishRoomsChanged(env), requestGradeSync(env, roomId)]);
}

/** A student filed a manual evaluation request: every admin's evaluation page refetches. */
export function publishEvaluationRequested(env: Env) {
  return publish(env, LOBBY, roomEvents.evaluationRequested());
}

/**
 * How long a room's code-saved events gather in this isolate before one RPC
 * carries them all: a class autosaving every 2 s would otherwise make the
 * Worker call the room's Durable Object for every save (decision 024).
 */
export const CODE_SAVED_GATHER_MS = 250;
const gathering = new Map<string, Set<string>>();

/**
 * A student's autosave was accepted: admins' monitors (and room grids)
 * refetch. Never the code itself. Gathered per room for CODE_SAVED_GATHER_MS
 * (one event per test, however many saves); the first save of a gathering
 * returns the promise that sends them, for its request's waitUntil.
 */
export function publishCodeSaved(env: Env, roomId: string, studentTestId: string): Promise<void> {
  const pending = gathering.get(roomId);
  if (pending) {
    pending.add(studentTestId);
    return Promise.resolve();
  }
  const tests = new Set([studentTestId]);
  gathering.set(roomId, tests);
  return new Promise((resolve) => setTimeout(resolve, CODE_SAVED_GATHER_MS)).then(() => {
    gathering.delete(roomId);
    return publishAll(
      env,
      roomId,
      [...tests].map((id) => roomEvents.codeSaved(roomId, id)),
    );
  });
}

/** A practice room was created, activated, deactivated, deleted or given a new OTP: admins' practice pages refetch. */
export function publishPracticeRoomsChanged(env: Env) {
  return publish(env, PRACTICE_LOBBY, roomEvents.practiceRoomsChanged());
}

/** A student joined a practice room: admins' participant lists refetch (ids only, never names). */
export function publishPracticeParticipantsChanged(env: Env, practiceRoomId: string) {
  return publish(env, PRACTICE_LOBBY, roomEvents.practiceParticipantsChanged(practiceRoomId));
}

/**
 * Sets (or with null, clears) the alarm on which the room's party starts the
 * test (issue 25). Unlike publish, a failure throws: the schedule would not
 * fire.
 */
export async function setStartAlarm(env: Env, roomId: string, at: number | null) {
  const stub = roomObject(env, roomId);
  await stub.setStartAlarm(at);
}

/** Sets (or with null, clears) the alarm on which the room's party releases its results (decision 041). A failure throws: the release would not come. */
export async function setReleaseAlarm(env: Env, roomId: string, at: number | null) {
  const stub = roomObject(env, roomId);
  await stub.setReleaseAlarm(at);
}
