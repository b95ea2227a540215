import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import type { Toast } from "~/lib/ui/toast";

type Shown = Toast & { id: number };
const ToastContext = createContext<(toast: Toast) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

/** Shows `toast` once whenever the value changes (for action data and flashes). */
export function useToastOnce(toast: Toast | null | undefined) {
  const show = useToast();
  useEffect(() => {
    if (toast?.message) show(toast);
  }, [toast, show]);
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Shown[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (toast: Toast) => {
      const id = next.current++;
      // The same message again replaces the one still shown (moved to the end, its time restarted).
      setToasts((all) => [...all.filter((t) => t.message !== toast.message || t.type !== toast.type).slice(-3), { ...toast, id }]);
      setTimeout(() => dismiss(id), toast.durationMs ?? (toast.type === "error" ? 6000 : 4000));
    },
    [dismiss],
  );
  const item = (t: Shown) => (
    <div
      key={t.id}
      // A quiet toast has no live role and sits outside the live region (Toast.quiet).
      role={t.quiet ? undefined : t.type === "error" ? "alert" : "status"}
      data-toast={t.type}
      className={`pointer-events-auto flex items-start gap-2 rounded-lg border px-4 py-3 text-sm shadow-lg ${
        t.type === "error"
          ? "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          : t.type === "success"
            ? "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
            : "border-slate-200 bg-white text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      }`}
    >
      <span className="flex-1">{t.message}</span>
      <button
        type="button"
        onClick={() => dismiss(t.id)}
        className="opacity-60 hover:opacity-100"
        aria-label="Dismiss notification"
      >
        ×
      </button>
    </div>
  );
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastLayer>
        {/* The live region is always there (one created with its content is not reliably announced). */}
        <div aria-live="polite" className="flex flex-col gap-2">
          {toasts.map((t) => !t.quiet && item(t))}
        </div>
        {toasts.map((t) => t.quiet && item(t))}
      </ToastLayer>
    </ToastContext.Provider>
  );
}

/**
 * The toast stack lives in the browser's top layer (a manual popover, shown
 * again whenever a modal opens after it), so toasts stay visible above an
 * open <dialog> and its backdrop instead of being dimmed behind it.
 */
function ToastLayer({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const layer = ref.current;
    if (!layer || typeof layer.showPopover !== "function") return;
    // React 18 does not know the popover attribute yet.
    layer.setAttribute("popover", "manual");
    const raise = () => {
      // Re-showing moves the popover to the top of the top layer.
      if (layer.matches(":popover-open")) layer.hidePopover();
      layer.showPopover();
    };
    raise();
    const observer = new MutationObserver(() => {
      if (document.querySelector("dialog[open]")) raise();
    });
    observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["open"] });
    // An element going fullscreen (the playground) enters the top layer above the toasts.
    document.addEventListener("fullscreenchange", raise);
    return () => {
      observer.disconnect();
      document.removeEventListener("fullscreenchange", raise);
    };
  }, []);
  return (
    <div
      ref={ref}
      className="pointer-events-none fixed inset-auto right-4 bottom-4 m-0 flex w-80 flex-col gap-2 overflow-visible border-0 bg-transparent p-0"
    >
      {children}
    </div>
  );
}
