import { Link } from "@remix-run/react";
import { PageTitle } from "~/components/ui/empty-state";
import type { PlaygroundBlock } from "~/lib/playground/playground.server";
import { Playground } from "./playground";

/** The playground page of both areas (admin /admin/practice, student /student/playground). */
export function PlaygroundPage({ title, blocked }: { title: string; blocked: PlaygroundBlock | null }) {
  return (
    <>
      <PageTitle title={title} description="A free compiler playground for C, C++, Python and Java. Nothing here is saved on the server." />
      {blocked ? (
        <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-medium">{blocked.message}</p>
          <p className="mt-1 text-sm">{`Your test: ${blocked.roomName}.`}</p>
          <Link to={blocked.testPath} className="mt-3 inline-block text-sm font-medium underline">
            Back to your test
          </Link>
        </div>
      ) : (
        <Playground />
      )}
    </>
  );
}
