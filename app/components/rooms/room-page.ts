// Types shared by the room page (app/routes/admin.room.$roomId.tsx) and its parts.
import type { useLoaderData } from "@remix-run/react";
import type { ActionResult } from "~/lib/forms.server";
import type { loader } from "~/routes/admin.room.$roomId";

export type RoomPageData = ReturnType<typeof useLoaderData<typeof loader>>;
/** What the room page's action answers (the OTP dialog also reads `otp` and `validForMs`). */
export type RoomActionResult = ActionResult;
export type RoomDialogName = "otp" | "extend" | "questions" | "unlock" | "delete" | "add" | null;
