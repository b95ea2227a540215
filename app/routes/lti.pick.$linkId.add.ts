import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireUser } from "~/lib/accounts/session.server";
import { FormError, parseValues, readFormValues } from "~/lib/forms.server";
import { idField } from "~/lib/input-limits";
import { deepLinkResponse, isCourseRoom, openDeepLink, PICKER_MESSAGES, placeRoomInCourse } from "~/lib/lti/deep-linking.server";
import { autoPostPage, ltiMessagePage } from "~/lib/lti/pages.server";
import { getRoom } from "~/lib/rooms/rooms.server";

const PickSchema = z.object({ roomId: idField("Pick a test room first") });

/**
 * "Add to course" (decision 025): the picked room goes back to the LMS as a
 * signed LtiDeepLinkingResponse, posted by a page of its own (its CSP lets
 * exactly the LMS's return URL be the form's target). An instructor who is not
 * an administrator may only pick a room of this course.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  try {
    const values = await readFormValues(request);
    if (!values) throw new FormError("The form could not be read");
    const link = await openDeepLink(context.db, params.linkId ?? "", viewer.id);
    const { roomId } = parseValues(PickSchema, values);
    const room = await getRoom(context.db, roomId);
    if (!room) throw new FormError("Room not found", 404);
    if (viewer.role !== "admin" && !(await isCourseRoom(context.db, room.id, link.contextId))) {
      throw new FormError(PICKER_MESSAGES.roomNotInCourse, 403);
    }
    await placeRoomInCourse(context.db, room.id, link.contextId);
    const { returnUrl, jwt } = await deepLinkResponse(context.cloudflare.env, context.db, link, room, new URL(request.url).origin);
    return autoPostPage({ title: `Adding “${room.roomName}” to your course`, action: returnUrl, fields: { JWT: jwt } });
  } catch (error) {
    if (error instanceof FormError) return ltiMessagePage({ title: "The room could not be added", message: error.message, status: error.status });
    throw error;
  }
}

export async function loader() {
  return ltiMessagePage({ title: "Start from your LMS", message: "Pick a room on the previous page.", status: 405 });
}
