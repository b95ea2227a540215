import { Form, NavLink, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { initials, shortId } from "~/lib/ui/format";
import { ThemeToggle } from "./theme-toggle";

export type NavItem = { to: string; label: string; end?: boolean };
export type PortalUser = { id: string; name: string; email: string };

/** Sidebar (13rem, spec 1) + portal header; shared by the admin and student areas. */
export function PortalShell({
  user,
  nav,
  area,
  children,
}: {
  user: PortalUser;
  nav: NavItem[];
  area: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen">
      {/* The column runs the page's full height (a fixed sidebar ended at the first screen of a
          long page in any capture of the whole page); the navigation inside stays in view. */}
      <div style={{ width: "13rem" }} className="shrink-0 border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <aside className="sticky top-0 flex h-screen flex-col">
          <div className="px-4 py-5">
            <p className="text-lg font-bold text-link">ProctorEdge</p>
            <p className="text-xs text-muted">{area}</p>
          </div>
          <nav aria-label={`${area} navigation`} className="flex-1 space-y-0.5 px-2">
            {nav.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                prefetch="intent"
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm ${
                    isActive
                      ? "bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-white"
                      : "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                  }`
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="space-y-3 border-t border-slate-200 p-3 dark:border-slate-800">
            <ThemeToggle />
            <p className="text-[11px] leading-tight text-muted">Built by a student developer and their institute.</p>
          </div>
        </aside>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-6 py-3 dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-lg font-semibold">{`${user.name}'s Portal`}</h1>
          <div className="flex items-center gap-3">
            <div
              aria-hidden
              className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
            >
              {initials(user.name)}
            </div>
            <div className="text-right text-xs leading-tight">
              <p className="text-sm font-medium" data-testid="portal-name">{user.name}</p>
              <p className="text-muted">{user.email}</p>
              <p className="font-mono text-muted" title={user.id}>ID: {shortId(user.id)}</p>
            </div>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                Logout
              </button>
            </Form>
          </div>
        </header>
        <main className="flex-1 p-6" aria-busy={navigation.state === "loading"}>
          {navigation.state === "loading" ? (
            <div className="fixed top-0 right-0 left-0 z-40 h-0.5 animate-pulse bg-brand-500" role="progressbar" aria-label="Loading" />
          ) : null}
          {children}
        </main>
      </div>
    </div>
  );
}
