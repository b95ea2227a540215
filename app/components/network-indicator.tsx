/**
 * The header's connection indicator (spec §9): Slow, Good, Fast or Offline,
 * from the page's network status (network-status.ts).
 */
import { useSyncExternalStore } from "react";
import { getNetworkStatus, SERVER_NETWORK_STATUS, subscribeNetworkStatus, type NetworkLabel, type NetworkStatus } from "./network-status";

export function useNetworkStatus(): NetworkStatus {
  return useSyncExternalStore(subscribeNetworkStatus, getNetworkStatus, () => SERVER_NETWORK_STATUS);
}

const DOT: Record<NetworkLabel, string> = {
  Fast: "bg-emerald-500",
  Good: "bg-lime-500",
  Slow: "bg-amber-500",
  Offline: "bg-red-500",
};

export function NetworkIndicator({ className }: { className?: string }) {
  const { label, kbps } = useNetworkStatus();
  return (
    <div
      role="status"
      aria-live="polite"
      title={kbps !== null ? `${kbps} kbps` : undefined}
      data-network={label ?? "checking"}
      className={`inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-2.5 py-1 text-xs font-medium text-slate-700 dark:border-slate-700 dark:text-slate-200 ${className ?? ""}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 rounded-full ${label ? DOT[label] : "animate-pulse bg-slate-400"}`} />
      <span className="sr-only">Network: </span>
      <span>{label ?? "Checking…"}</span>
    </div>
  );
}
