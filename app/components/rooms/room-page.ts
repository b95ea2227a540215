// Types shared by the room page (app/routes/admin.room.$roomId.tsx) and its parts.
import type { ActionResult } from "~/lib/http/forms.server";

export type { RoomPageData } from "~/lib/rooms/room-page.server";
/** What the room page's action answers (the OTP dialog also reads `otp` and `validForMs`). */
export type RoomActionResult = ActionResult;
export type RoomDialogName = "otp" | "extend" | "questions" | "unlock" | "delete" | "add" | "schedule" | "sections" | null;
