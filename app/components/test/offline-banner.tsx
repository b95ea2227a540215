/** Shown while the browser is offline, on both test pages: keep working, nothing is lost. */
export function OfflineBanner({ what }: { what: string }) {
  return (
    <div role="alert" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
      You are offline. {what}
    </div>
  );
}
