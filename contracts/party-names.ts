// The party's names and the values its events carry, shared by the browser
// and the Worker without zod (decision 022): the browser's guard
// (./party-guard.ts) checks events against these, and the database's enums
// (app/db/schema.ts) are these same lists.

export const ROOM_PARTY = "room-party";
/** The party instance every admin's rooms list listens to. */
export const LOBBY = "lobby";
/** The party instance the admins' practice rooms page listens to (admins only). */
export const PRACTICE_LOBBY = "practice-rooms";

/** A rejudge's states (issue 35, decision 039), the `rejudges.state` column's enum. */
export const REJUDGE_STATES = ["previewing", "ready", "applying", "applied", "cancelled", "failed"] as const;
export type RejudgeState = (typeof REJUDGE_STATES)[number];

/** What a similarity analysis reports (issue 39, decision 044): running, or how its run or job ended. */
export const SIMILARITY_EVENT_STATES = ["running", "done", "stopped", "failed"] as const;
export type SimilarityEventState = (typeof SIMILARITY_EVENT_STATES)[number];
