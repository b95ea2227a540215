import { useCallback, useEffect, useRef } from "react";

/**
 * A button that disables itself while its request runs loses the focus to
 * <body>, and a keyboard user has to Tab back from the top of the page.
 * Remember the button on click; when `busy` ends, give the focus back to it
 * (unless the user has meanwhile put it somewhere else).
 */
export function useFocusAfterBusy(busy: boolean) {
  const target = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy) return;
    const el = target.current;
    target.current = null;
    const active = document.activeElement;
    if (el?.isConnected && (!active || active === document.body)) el.focus();
  }, [busy]);
  return useCallback((el: HTMLElement | null) => {
    target.current = el;
  }, []);
}
