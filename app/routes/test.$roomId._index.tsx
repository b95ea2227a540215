import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireTestPage } from "~/lib/student-tests/student-pages.server";

/** The launcher: sends the student to the room's kind of test (spec 2: replaces history; an unknown room goes to /not-found). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { room } = await requireTestPage(request, context, params.roomId ?? "", { unknownRoom: "/not-found" });
  throw redirect(`/test/${room.id}/${room.questionType === "mcq" ? "mcq" : "coding"}`);
}

export default function Launcher() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
