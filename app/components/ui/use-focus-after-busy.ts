import { useCallback, useEffect, useRef } from "react";

/** How long after `busy` ends the focus is still given back, if the button cannot take it at once. */
const RETURN_WINDOW_MS = 1000;

/**
 * A button that disables itself while its request runs loses the focus to
 * <body>, and a keyboard user has to Tab back from the top of the page.
 * Remember the button on click; whenever a busy period ends with the focus
 * nowhere (on <body>), give it back to that button, unless the user has
 * meanwhile put it somewhere else.
 *
 * The button may not take the focus in the very commit that ends `busy` (it
 * can still be disabled for another reason for a frame, or the browser drops
 * a disabled element's focus only at its next rendering update), so the
 * focus is given back on each frame until it is there, for up to a second.
 * The button stays remembered after a busy period, so a second period that
 * follows the same press also ends with the focus on it.
 */
export function useFocusAfterBusy(busy: boolean) {
  const target = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy) return;
    const el = target.current;
    if (!el) return;
    const until = performance.now() + RETURN_WINDOW_MS;
    let frame = 0;
    const giveBack = () => {
      const active = document.activeElement;
      if (!el.isConnected || active === el || (active && active !== document.body)) return;
      el.focus();
      if (document.activeElement !== el && performance.now() < until) frame = requestAnimationFrame(giveBack);
    };
    giveBack();
    return () => cancelAnimationFrame(frame);
  }, [busy]);
  return useCallback((el: HTMLElement | null) => {
    target.current = el;
  }, []);
}
