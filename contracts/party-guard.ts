// The browser's check of what the party sends: the same rules as the zod
// ServerMessage schema in ./party.ts, hand-written so the student's pages
// do not load zod (decision 022). Its shapes are typed from the schema, and
// party.test.ts holds the two together.
import { REJUDGE_STATES, SIMILARITY_EVENT_STATES } from "./party-names";
import type { ServerMessage } from "./party";

type Field = "string" | "number" | "boolean" | "number|null" | "number|null?" | "string?" | "role" | "rejudge-state" | "similarity-state";

/**
 * Each event's fields as the schema has them, every one required here: a key
 * added to an event in ./party.ts and not to its shape below (or one the
 * schema does not have) fails the typecheck, so the two cannot drift apart.
 */
export type GuardShapes = { [T in ServerMessage["type"]]: { [K in Exclude<keyof Extract<ServerMessage, { type: T }>, "type">]-?: Field } };

const REJUDGE_STATE_VALUES: readonly string[] = REJUDGE_STATES;
const SIMILARITY_STATE_VALUES: readonly string[] = SIMILARITY_EVENT_STATES;

const SHAPES: GuardShapes = {
  welcome: { room: "string", userId: "string", role: "role", serverTime: "number", anchor: "string?" },
  pong: { sentAt: "number", serverTime: "number", anchor: "string?" },
  error: { message: "string" },
  "room-changed": { roomId: "string", isEnabled: "boolean", isActive: "boolean", endsAt: "number|null", scheduledAt: "number|null?" },
  "participants-changed": { roomId: "string" },
  "participant-removed": { roomId: "string" },
  "room-deleted": { roomId: "string" },
  "time-changed": { roomId: "string", endsAt: "number", extraMs: "number", reason: "string" },
  "code-saved": { roomId: "string", studentTestId: "string" },
  "rejudge-changed": { roomId: "string", rejudgeId: "string", state: "rejudge-state", done: "number", total: "number" },
  "similarity-changed": { roomId: "string", questionId: "string", state: "similarity-state", done: "number", total: "number|null" },
  "results-changed": { roomId: "string" },
  "rooms-changed": {},
  "evaluation-requested": {},
  "practice-rooms-changed": {},
  "practice-participants-changed": { practiceRoomId: "string" },
};

function fits(value: unknown, field: Field): boolean {
  switch (field) {
    case "number|null":
      return value === null || (typeof value === "number" && !Number.isNaN(value));
    case "number|null?":
      return value === undefined || fits(value, "number|null");
    case "string?":
      return value === undefined || typeof value === "string";
    case "role":
      return value === "admin" || value === "student";
    case "rejudge-state":
      return typeof value === "string" && REJUDGE_STATE_VALUES.includes(value);
    case "similarity-state":
      return typeof value === "string" && SIMILARITY_STATE_VALUES.includes(value);
    case "number":
      return typeof value === "number" && !Number.isNaN(value);
    default:
      return typeof value === field;
  }
}

/** The message with only its known fields (as zod strips the rest), or null when it is not one. */
export function parseServerMessage(value: unknown): ServerMessage | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== "string" || !Object.hasOwn(SHAPES, type)) return null;
  const shape: Record<string, Field> = SHAPES[type as ServerMessage["type"]];
  const out: Record<string, unknown> = { type };
  for (const [key, field] of Object.entries(shape)) {
    if (!fits(record[key], field)) return null;
    if (record[key] !== undefined) out[key] = record[key];
  }
  return out as ServerMessage;
}
