// A room's SEB settings as the room page's dialog and the server both check
// them (decision 042). Apart from seb.ts, whose browser exports ride in every
// page's first load.

/** A 64-character hex key (Config Key, Browser Exam Key, or a hash), lowercase. */
export const HEX_KEY = /^[0-9a-f]{64}$/;

export const SEB_MESSAGES = {
  saved: "Safe Exam Browser settings saved",
  failed: "Failed to update Safe Exam Browser settings",
  keyInvalid: "Each Browser Exam Key must be 64 hexadecimal characters",
  tooMany: "List at most 20 Browser Exam Keys",
  exemptFailed: "Failed to update the Safe Exam Browser exemption",
  notParticipant: "Participant not found",
} as const;

export const SEB_MAX_EXAM_KEYS = 20;

/** The Browser Exam Keys field: one key per line (commas and spaces also separate), lowercased, without repeats. */
export function parseExamKeys(text: string): { keys: string[] } | { error: string } {
  const keys = [...new Set(text.split(/[\s,;]+/).filter(Boolean).map((k) => k.toLowerCase()))];
  if (keys.length > SEB_MAX_EXAM_KEYS) return { error: SEB_MESSAGES.tooMany };
  const bad = keys.find((k) => !HEX_KEY.test(k));
  if (bad !== undefined) return { error: `${SEB_MESSAGES.keyInvalid}: ${bad.length > 20 ? `${bad.slice(0, 20)}…` : bad}` };
  return { keys };
}
