import { useCallback, useEffect, useState, type RefObject } from "react";

/** Fullscreen for one element, following Escape and the browser's own controls. */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, [ref]);
  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await ref.current?.requestFullscreen();
    } catch {
      // Refused (an iframe without allowfullscreen, an old browser): the page stays as it is.
    }
  }, [ref]);
  return [fullscreen, toggle] as const;
}
