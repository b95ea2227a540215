import { Form, NavLink, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { initials, shortId } from "~/lib/ui/format";
import { ThemeToggle } from "./theme-toggle";

export type NavItem = { to: string; label: string; end?: boolean };
export type PortalUser = { id: string; name: string; email: string };

const MENU_ID = "portal-menu";

function NavLinks({ nav, label }: { nav: NavItem[]; label: string }) {
  return (
    <nav aria-label={label} className="space-y-0.5 px-2">
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
  );
}

/**
 * Below 768 px (issue 41) the navigation column folds into the header's Menu
 * button: the same links, with the email, the ID and the theme. It closes on
 * Esc (focus back on the button), on a click outside it, on a link picked in
 * it and on navigation.
 */
function useMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("a[href]")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);
  // A link picked in the menu closes it, the current page's too (no navigation then).
  const onClick = (event: React.MouseEvent) => (event.target as HTMLElement).closest("a") && setOpen(false);
  return { open, toggle: () => setOpen((o) => !o), onClick, button, panel };
}

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
  const menu = useMenu();
  return (
    <div className="flex min-h-screen">
      {/* The column runs the page's full height (a fixed sidebar ended at the first screen of a
          long page in any capture of the whole page); the navigation inside stays in view. */}
      <div style={{ width: "13rem" }} className="hidden shrink-0 border-r border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
        <aside className="sticky top-0 flex h-screen flex-col">
          <div className="px-4 py-5">
            <p className="text-lg font-bold text-link">ProctorEdge</p>
            <p className="text-xs text-muted">{area}</p>
          </div>
          <div className="flex-1">
            <NavLinks nav={nav} label={`${area} navigation`} />
          </div>
          <div className="space-y-3 border-t border-slate-200 p-3 dark:border-slate-800">
            <ThemeToggle />
            <p className="text-[11px] leading-tight text-muted">Built by a student developer and their institute.</p>
          </div>
        </aside>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="relative flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 md:gap-4 md:px-6 dark:border-slate-800 dark:bg-slate-900">
          <div className="flex min-w-0 items-center gap-2">
            <button
              ref={menu.button}
              type="button"
              aria-expanded={menu.open}
              aria-controls={MENU_ID}
              onClick={menu.toggle}
              className="shrink-0 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 md:hidden dark:border-slate-700 dark:hover:bg-slate-800"
            >
              Menu
            </button>
            <h1 className="truncate text-base font-semibold md:text-lg">{`${user.name}'s Portal`}</h1>
          </div>
          <div className="flex shrink-0 items-center gap-3">
            <div
              aria-hidden
              className="hidden h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white sm:flex"
            >
              {initials(user.name)}
            </div>
            <div className="hidden text-right text-xs leading-tight md:block">
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
          {menu.open ? (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegation only: a link followed in the menu (by click or Enter) closes it; the links are the controls
            <div
              ref={menu.panel}
              id={MENU_ID}
              onClick={menu.onClick}
              className="absolute inset-x-0 top-full z-30 max-h-[calc(100vh-4rem)] space-y-3 overflow-y-auto border-b border-slate-200 bg-white py-3 shadow-lg md:hidden dark:border-slate-800 dark:bg-slate-900"
            >
              <NavLinks nav={nav} label={`${area} navigation`} />
              <div className="space-y-3 border-t border-slate-200 px-5 pt-3 text-xs dark:border-slate-800">
                <div className="leading-tight">
                  <p className="text-sm font-medium">{user.name}</p>
                  <p className="break-all text-muted">{user.email}</p>
                  <p className="font-mono text-muted" title={user.id}>ID: {shortId(user.id)}</p>
                </div>
                <ThemeToggle />
              </div>
            </div>
          ) : null}
        </header>
        <main className="flex-1 p-4 md:p-6" aria-busy={navigation.state === "loading"}>
          {navigation.state === "loading" ? (
            <div className="fixed top-0 right-0 left-0 z-40 h-0.5 animate-pulse bg-brand-500" role="progressbar" aria-label="Loading" />
          ) : null}
          {children}
        </main>
      </div>
    </div>
  );
}
