// The one message union shared by the browser and the room party. Incoming
// messages are parsed with zod, never cast.
import { z } from "zod";

export const ROOM_PARTY = "room-party";

export const ClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping"), sentAt: z.number() }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export const ServerMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("welcome"),
    room: z.string(),
    userId: z.string(),
    role: z.enum(["admin", "student"]),
    serverTime: z.number(),
  }),
  z.object({ type: z.literal("pong"), sentAt: z.number(), serverTime: z.number() }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** Identity the Worker attaches after checking the session; clients cannot set it. */
export const VIEWER_HEADER = "x-proctor-viewer";
export const PartyViewer = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(["admin", "student"]),
});
export type PartyViewer = z.infer<typeof PartyViewer>;
