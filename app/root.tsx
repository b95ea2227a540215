import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ToastProvider, useToastOnce } from "~/components/toaster";
import { useNonce } from "~/lib/http/nonce";
import { themeBootScript } from "~/lib/ui/theme";
import { ignoreAbortedRequest, serverOrOffline } from "~/lib/ui/server-or-offline";
import { popToast } from "~/lib/ui/toast.server";
import stylesheet from "~/tailwind.css?url";

if (typeof window !== "undefined") {
  window.addEventListener("unhandledrejection", ignoreAbortedRequest);
  // Route discovery (decision 022) keeps a mark in sessionStorage, which a browser may deny an
  // LMS's frame (reading it throws): such a page gets one in memory.
  try {
    void sessionStorage;
  } catch {
    const kept = new Map<string, string>();
    const memory = { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => kept.set(key, value), removeItem: (key: string) => kept.delete(key) };
    Object.defineProperty(window, "sessionStorage", { value: memory });
  }
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];
export const meta: MetaFunction = () => [{ title: "ProctorEdge — secure coding assessments" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, setCookie } = await popToast(request);
  // Inside an LMS's frame (decision 025), where browsers may deny storage to the frame.
  const framed = (await context.frameAncestors()).length > 0;
  return data({ toast, framed }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

/**
 * Every revalidation reads the root too (a party event, an action's answer).
 * One that the network cuts off must not replace the page, a test least of
 * all (a student keeps working offline): without the server there is just no
 * toast to show.
 */
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  return (await serverOrOffline(() => serverLoader<typeof loader>())) ?? { toast: null };
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Every inline script carries the page's CSP nonce (decision 021).
  const nonce = useNonce();
  // Scroll restoration keeps positions in sessionStorage, which a browser may deny an LMS's frame
  // (its inline script then throws); inside a frame there is nothing to restore anyway.
  const framed = (useMatches()[0]?.data as { framed?: boolean } | undefined)?.framed;
  return (
    // The boot script sets the theme class before paint; React must not undo it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        <ToastProvider>{children}</ToastProvider>
        {framed ? null : <ScrollRestoration nonce={nonce} />}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof clientLoader>();
  useToastOnce(toast);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
