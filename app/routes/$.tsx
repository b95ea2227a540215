import { NotFound } from "~/components/error-boundary";

export async function loader() {
  // A real 404 status, not a soft 200.
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
