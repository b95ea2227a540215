// The test pages' dialogs load just after the page's first paint, not with it
// (decision 022). Each stays mounted inside a Suspense with no fallback, so it
// starts loading at once and, closed, shows nothing until then. loadLazily
// lets the offline shell keep the chunks, so the dialogs open offline too.
import { createElement, lazy, Suspense, type ComponentProps, type ComponentType } from "react";
import { loadLazily } from "~/offline/lazy";

function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy<ComponentType<P>>(() =>
    loadLazily(load).then(
      (component) => ({ default: component }),
      // Offline before the chunk was ever kept: no dialog rather than an error page.
      () => ({ default: (() => null) as ComponentType<P> }),
    ),
  );
  return function LazyComponent(props: P) {
    return (
      <Suspense fallback={null}>
        {createElement(Lazy as unknown as ComponentType<P>, props)}
      </Suspense>
    );
  };
}

export const NavigatorDialog = lazyComponent<ComponentProps<typeof import("../mcq/navigator-dialog").NavigatorDialog>>(() =>
  import("../mcq/navigator-dialog").then((m) => m.NavigatorDialog),
);
export const SubmitDialog = lazyComponent<ComponentProps<typeof import("../mcq/submit-dialog").SubmitDialog>>(() =>
  import("../mcq/submit-dialog").then((m) => m.SubmitDialog),
);
export const FinishDialog = lazyComponent<ComponentProps<typeof import("./finish-dialog").FinishDialog>>(() =>
  import("./finish-dialog").then((m) => m.FinishDialog),
);
