// Safe Exam Browser's addresses (issue 38, decision 042), in one resource
// route (no page module, nothing added to any page's first load): a room's
// start page (/seb/{room}), the configuration SEB opens (/seb/{room}/config.seb),
// the party's ticket (/seb/{room}/ticket), and the quit page (/seb/quit).
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { testRooms } from "~/db/schema";
import { requireRole } from "~/lib/accounts/session.server";
import { getServerEnv } from "~/lib/env.server";
import { roomConfigFile, signSebTicket, siteOrigin } from "~/lib/seb/check.server";
import { requireRoomPage } from "~/lib/student-tests/student-pages.server";
import { findTest, requireMembership } from "~/lib/student-tests/student-tests.server";
import { redirectWithToast } from "~/lib/ui/toast.server";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export async function loader(args: LoaderFunctionArgs) {
  const roomId = args.params.roomId ?? "";
  if (roomId.length > 64) return notFound();
  const rest = args.params["*"] ?? "";
  if (roomId === "quit" && rest === "") return quitPage();
  switch (rest) {
    case "":
      return start(args, roomId);
    case "config.seb":
      return configuration(args, roomId);
    case "ticket":
      return ticket(args, roomId);
    default:
      return notFound();
  }
}

/**
 * The configurations' quitURL: SEB quits as it opens it; any other browser
 * shows this. Static, so it needs no script and no session.
 */
function quitPage() {
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test finished — ProctorEdge</title>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0">
<main style="max-width:28rem;padding:2rem;text-align:center">
<h1 style="font-size:1.5rem">Your test is submitted</h1>
<p>You can close Safe Exam Browser now.</p>
<p><a href="/student">Back to the dashboard</a></p>
</main></body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * The configuration's startURL. SEB opens with no session: sign-in comes back
 * here. A participant goes on to the room (its pages check SEB); anyone else
 * joins with the room's code first.
 */
async function start({ request, context }: LoaderFunctionArgs, roomId: string) {
  const student = await requireRole(request, context, "student");
  const member = await requireMembership(context.db, student.id, roomId).catch(() => null);
  if (!member) throw await redirectWithToast("/student", { type: "info", message: "Join the room with the code your instructor gives you" });
  const test = await findTest(context.db, student.id, roomId);
  throw redirect(test ? `/test/${roomId}` : `/test/${roomId}/terms`);
}

/**
 * The .seb file SEB opens from the student link. SEB downloads it with no
 * session, so it is public for a room that requires SEB, as a quiz's
 * configuration is in Moodle: it names this site's pages and exam settings,
 * nothing of the test.
 */
async function configuration({ context }: LoaderFunctionArgs, roomId: string) {
  const room = await context.db.select({ id: testRooms.id, sebRequired: testRooms.sebRequired }).from(testRooms).where(eq(testRooms.id, roomId)).get();
  if (!room?.sebRequired) return notFound();
  return new Response(roomConfigFile(siteOrigin(context.cloudflare.env), room.id), {
    headers: { "Content-Type": "application/seb", "Content-Disposition": `attachment; filename="room-${room.id}.seb"`, "Cache-Control": "no-store" },
  });
}

/**
 * The room party's ticket: SEB adds no header to a WebSocket upgrade, so the
 * page fetches this, checked as every page of the room is, before each
 * connection. Null where the room does not need one.
 */
async function ticket({ request, context }: LoaderFunctionArgs, roomId: string) {
  const { student, room, participant } = await requireRoomPage(request, context, roomId);
  const value = room.sebRequired && !participant.sebExempt ? await signSebTicket(getServerEnv(context.cloudflare.env).BETTER_AUTH_SECRET, room.id, student.id) : null;
  return Response.json({ ticket: value }, { headers: { "Cache-Control": "no-store" } });
}
