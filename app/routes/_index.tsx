import { GeneralErrorBoundary } from "~/components/error-boundary";
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ThemeToggle } from "~/components/theme-toggle";
import { homeFor } from "~/lib/accounts/redirect";
import { getViewer } from "~/lib/accounts/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context.auth, context.db);
  if (viewer?.role) throw redirect(homeFor(viewer.role));
  return null;
}

const FEATURES = [
  {
    title: "Secure Testing",
    text: "Rooms open only with a one-time code, and tab switching is detected and counted for exam integrity.",
  },
  {
    title: "C, C++, Python and Java",
    text: "Write and run real code in the browser, executed in a sandbox in real time.",
  },
  {
    title: "Automatic Evaluation",
    text: "5 test cases per question, automated scoring, and admin override when a human should decide.",
  },
];

export default function Landing() {
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto flex max-w-5xl justify-end p-4">
        <ThemeToggle />
      </div>
      <main className="mx-auto max-w-5xl px-6 pt-10 pb-20 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">ProctorEdge</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Timed coding and multiple-choice assessments that keep working when the network does not.
        </p>
        <Link
          to="/auth"
          className="mt-8 inline-block rounded-lg bg-brand-600 px-6 py-3 font-medium text-white shadow hover:bg-brand-700 focus:ring-2 focus:ring-brand-500 focus:ring-offset-2 focus:outline-none"
        >
          Get Started
        </Link>
        <div className="mt-16 grid grid-cols-1 gap-6 text-left sm:grid-cols-3">
          {FEATURES.map((f) => (
            <section
              key={f.title}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <h2 className="font-semibold">{f.title}</h2>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{f.text}</p>
            </section>
          ))}
        </div>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
