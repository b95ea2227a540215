import { and, eq, ne } from "drizzle-orm";
import { roomParticipants, testRooms } from "~/db/schema";
import { getServerEnv } from "~/lib/env.server";
import { verifySebTicket } from "~/lib/seb/check.server";
import { SEB_TICKET_PARAM } from "~/lib/seb/headers";
import { SEB_REQUIRED_MESSAGE } from "~/lib/seb/seb";
import { authFor } from "~/lib/accounts/auth.server";
import { getViewer } from "~/lib/accounts/session.server";
import { teachesAnyCourse, teachesRoom } from "~/lib/rooms/room-access.server";
import { LOBBY, PRACTICE_LOBBY, VIEWER_HEADER, type PartyViewer } from "../contracts/party";

/**
 * onBeforeConnect for every party. Refuses anonymous or role-less users (401)
 * and anyone who is not allowed in this room (403): admins may watch any room
 * and the lobbies (test rooms and practice rooms); a student only a test room
 * they are a (not removed) participant of (with a SEB ticket when the room
 * requires Safe Exam Browser); an LMS course's instructor the
 * course's rooms and the rooms list. The checked identity is forwarded in a header the client cannot forge
 * (any incoming value is overwritten).
 */
export async function authorizePartyRequest(request: Request, env: Env, room: string): Promise<Request | Response> {
  const { db, auth } = authFor(env, new URL(request.url).origin);
  const viewer = await getViewer(request, auth, db);
  if (!viewer || !viewer.role) return new Response("Unauthorized", { status: 401 });
  let role = viewer.role;
  if (viewer.role === "student") {
    const member =
      room !== LOBBY &&
      room !== PRACTICE_LOBBY &&
      (await db
        .select({ id: roomParticipants.id, sebExempt: roomParticipants.sebExempt, sebRequired: testRooms.sebRequired })
        .from(roomParticipants)
        .innerJoin(testRooms, eq(testRooms.id, roomParticipants.roomId))
        .where(
          and(
            eq(roomParticipants.roomId, room),
            eq(roomParticipants.studentId, viewer.id),
            ne(roomParticipants.status, "removed"),
          ),
        )
        .get());
    if (!member) {
      // An LMS course's instructor watches the course's rooms (and the rooms list) as an admin does (decision 025).
      const instructor = room === LOBBY ? await teachesAnyCourse(db, viewer.id) : room !== PRACTICE_LOBBY && (await teachesRoom(db, viewer.id, room));
      if (!instructor) return new Response("Forbidden", { status: 403 });
      role = "admin";
    } else if (member.sebRequired && !member.sebExempt) {
      // SEB adds no header to a WebSocket upgrade: a page that passed the SEB check fetched this ticket (decision 042).
      const ticket = new URL(request.url).searchParams.get(SEB_TICKET_PARAM);
      if (!(await verifySebTicket(getServerEnv(env).BETTER_AUTH_SECRET, ticket, room, viewer.id))) return new Response(SEB_REQUIRED_MESSAGE, { status: 403 });
    }
  }
  const identity: PartyViewer = { id: viewer.id, name: viewer.name, role };
  const forwarded = new Request(request);
  forwarded.headers.set(VIEWER_HEADER, JSON.stringify(identity));
  return forwarded;
}
