// Party and instance names, shared by the browser and the Worker without zod.
export const ROOM_PARTY = "room-party";
/** The party instance every admin's rooms list listens to. */
export const LOBBY = "lobby";
/** The party instance the admins' practice rooms page listens to (admins only). */
export const PRACTICE_LOBBY = "practice-rooms";
