// When may an entry that reached the server after the deadline still count?
// Only within an outage the server saw (decision 019). Pure rules, shared by
// the room party (which records outages) and the journal (which reads them).

export const OUTAGE_RULES = {
  /** A student's test page pings its room party this often; every pong carries a fresh time anchor. */
  pingMs: 15_000,
  /**
   * A connection that pings but has been silent this long is gone: its outage
   * began at most this long after the party last heard from it, however late
   * the close itself is noticed.
   */
  silenceMs: 30_000,
  /**
   * How much later than a device's newest anchor the recorded outage may
   * begin: a ping interval, a lost pong and the silence above.
   */
  anchorSlackMs: 60_000,
  /** The party may see the student back this long before the deadline (it reconnects a moment before the journal resends). */
  reconnectSlackMs: 10_000,
} as const;

export type Outage = { startedAt: number; endedAt: number | null };

/**
 * When the outage of a connection that just closed began: when it closed, or
 * for a connection that pings, at most `silenceMs` after its last message (a
 * dropped network is often noticed only minutes later).
 */
export function outageStart(closedAt: number, heardAt: number | null): number {
  return heardAt === null ? closedAt : Math.min(closedAt, heardAt + OUTAGE_RULES.silenceMs);
}

/** A pinging connection that has been silent too long: the student is gone even if the socket is not closed yet. */
export function isSilent(heardAt: number | null, now: number): boolean {
  return heardAt !== null && now - heardAt > OUTAGE_RULES.silenceMs;
}

export type LateEntryEvidence = {
  /** The time the entry's anchor vouches for; null without a valid anchor. */
  anchorAt: number | null;
  /** The student's deadline. */
  end: number;
  /** The student's disconnected periods in this room, as the party recorded them. */
  outages: readonly Outage[];
  /** The last time before the deadline the journal heard from this test (any entry received); null if never. */
  lastContactAt: number | null;
};

/**
 * A late entry counts only if the server could not have heard from the
 * student between the entry's anchor and the deadline: the party recorded
 * them disconnected from (about) the anchor until the deadline, and the
 * journal received nothing of theirs in that time either. A student who was
 * connected when the test ended gets no grace, whatever their entries claim.
 */
export function lateEntryCounts({ anchorAt, end, outages, lastContactAt }: LateEntryEvidence): boolean {
  if (anchorAt === null || anchorAt > end) return false;
  const from = anchorAt + OUTAGE_RULES.anchorSlackMs;
  if (lastContactAt !== null && lastContactAt > from) return false;
  return outages.some((o) => o.startedAt <= from && (o.endedAt === null || o.endedAt >= end - OUTAGE_RULES.reconnectSlackMs));
}

/**
 * A stretch in which the server kept hearing from a student: journal requests
 * (code saves included) received at most `silenceMs` apart. Pings need no
 * record: a recorded outage is by definition a time without a live socket.
 */
export type HeardSpan = { from: number; to: number };

/** The times the server heard from a student, as spans (any order in, sorted spans out). */
export function heardSpans(times: Iterable<number>): HeardSpan[] {
  const spans: HeardSpan[] = [];
  for (const t of [...times].sort((a, b) => a - b)) {
    const last = spans[spans.length - 1];
    if (last && t - last.to <= OUTAGE_RULES.silenceMs) last.to = t;
    else spans.push({ from: t, to: t });
  }
  return spans;
}

/**
 * Of an ended outage, the time in which the server heard nothing from the
 * student (decision 035). Hearing from them at `t` covers `t` to
 * `t + silenceMs`, the party's own rule for a socket that stops pinging. A
 * socket blocked while the page keeps saving is therefore no outage at all.
 */
export function quietMs(outage: { startedAt: number; endedAt: number }, spans: readonly HeardSpan[]): number {
  const { startedAt: start, endedAt: end } = outage;
  if (end <= start) return 0;
  const covered = spans
    .map((s) => [Math.max(s.from, start), Math.min(s.to + OUTAGE_RULES.silenceMs, end)] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let heard = 0;
  let reach = start;
  for (const [a, b] of covered) {
    if (b <= reach) continue;
    heard += b - Math.max(a, reach);
    reach = b;
  }
  return end - start - heard;
}
