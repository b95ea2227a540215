import { describe, expect, it } from "vitest";
import { heardSpans, isSilent, lateEntryCounts, OUTAGE_RULES, outageStart, quietMs } from "./outages";

const END = 1_000_000_000;
const SLACK = OUTAGE_RULES.anchorSlackMs;

describe("lateEntryCounts", () => {
  const offlineAt = (startedAt: number, endedAt: number | null = null) => [{ startedAt, endedAt }];

  it("counts an entry whose device lost the party right after its anchor and came back after the deadline", () => {
    const anchorAt = END - 120_000;
    expect(lateEntryCounts({ anchorAt, end: END, outages: offlineAt(anchorAt + 5_000, END + 60_000), lastContactAt: anchorAt - 1_000 })).toBe(true);
    // Still offline now (the journal resent before the party reconnected).
    expect(lateEntryCounts({ anchorAt, end: END, outages: offlineAt(anchorAt + 5_000), lastContactAt: null })).toBe(true);
  });

  it("refuses a student who was connected the whole time, whatever the entry claims", () => {
    expect(lateEntryCounts({ anchorAt: END - 1_000, end: END, outages: [], lastContactAt: END - 500 })).toBe(false);
    expect(lateEntryCounts({ anchorAt: END - 1_000, end: END, outages: [], lastContactAt: null })).toBe(false);
  });

  it("refuses an entry without a valid anchor (an older client), even within a real outage", () => {
    expect(lateEntryCounts({ anchorAt: null, end: END, outages: offlineAt(END - 60_000), lastContactAt: null })).toBe(false);
  });

  it("refuses an anchor older than the outage by more than the slack: the device was online after it", () => {
    const anchorAt = END - 300_000;
    expect(lateEntryCounts({ anchorAt, end: END, outages: offlineAt(anchorAt + SLACK + 1), lastContactAt: null })).toBe(false);
    expect(lateEntryCounts({ anchorAt, end: END, outages: offlineAt(anchorAt + SLACK), lastContactAt: null })).toBe(true);
  });

  it("refuses when the outage ended before the deadline (the student was back, then wrote)", () => {
    const anchorAt = END - 300_000;
    expect(lateEntryCounts({ anchorAt, end: END, outages: offlineAt(anchorAt, END - OUTAGE_RULES.reconnectSlackMs - 1), lastContactAt: null })).toBe(false);
    expect(lateEntryCounts({ anchorAt, end: END, outages: offlineAt(anchorAt, END - OUTAGE_RULES.reconnectSlackMs), lastContactAt: null })).toBe(true);
  });

  it("refuses when the journal heard from the test after the anchor, before the deadline (only the party was cut)", () => {
    const anchorAt = END - 300_000;
    expect(lateEntryCounts({ anchorAt, end: END, outages: offlineAt(anchorAt), lastContactAt: anchorAt + SLACK + 1 })).toBe(false);
  });

  it("refuses an anchor from after the deadline", () => {
    expect(lateEntryCounts({ anchorAt: END + 1, end: END, outages: offlineAt(END - 60_000), lastContactAt: null })).toBe(false);
  });

  it("any one of several outages may cover the entry", () => {
    const anchorAt = END - 100_000;
    const outages = [
      { startedAt: END - 900_000, endedAt: END - 800_000 },
      { startedAt: anchorAt + 1_000, endedAt: null },
    ];
    expect(lateEntryCounts({ anchorAt, end: END, outages, lastContactAt: null })).toBe(true);
  });
});

describe("outageStart and isSilent", () => {
  it("a connection that never pinged: the outage starts when its close is noticed", () => {
    expect(outageStart(5_000_000, null)).toBe(5_000_000);
  });

  it("a pinging connection: at most silenceMs after it was last heard, however late the close is noticed", () => {
    expect(outageStart(5_000_000, 4_990_000)).toBe(5_000_000);
    expect(outageStart(5_000_000, 4_000_000)).toBe(4_000_000 + OUTAGE_RULES.silenceMs);
  });

  it("silent: pinging and not heard for longer than silenceMs", () => {
    expect(isSilent(null, 10_000_000)).toBe(false);
    expect(isSilent(10_000_000 - OUTAGE_RULES.silenceMs, 10_000_000)).toBe(false);
    expect(isSilent(10_000_000 - OUTAGE_RULES.silenceMs - 1, 10_000_000)).toBe(true);
  });
});

describe("quietMs: the part of an outage in which the server heard nothing", () => {
  const SILENCE = OUTAGE_RULES.silenceMs;
  const outage = { startedAt: 0, endedAt: 40 * 60_000 };

  it("a socket-only outage with journal traffic all through it is no outage", () => {
    const every20s = Array.from({ length: 121 }, (_, i) => i * 20_000);
    expect(heardSpans(every20s)).toEqual([{ from: 0, to: 40 * 60_000 }]);
    expect(quietMs(outage, heardSpans(every20s))).toBe(0);
  });

  it("an outage the server heard nothing in counts in full; traffic before or after it changes nothing", () => {
    expect(quietMs(outage, [])).toBe(40 * 60_000);
    expect(quietMs(outage, heardSpans([-60_000, -SILENCE, 40 * 60_000, 41 * 60_000]))).toBe(40 * 60_000);
  });

  it("only the silent stretches count: each time heard covers silenceMs after it", () => {
    // Heard from 10:00 to 20:00 (every 10 s), then nothing.
    const spans = heardSpans(Array.from({ length: 61 }, (_, i) => 10 * 60_000 + i * 10_000));
    expect(spans).toHaveLength(1);
    expect(quietMs(outage, spans)).toBe(10 * 60_000 + (20 * 60_000 - SILENCE));
    // Overlapping spans from two sources count once.
    expect(quietMs(outage, [...spans, ...spans, { from: 15 * 60_000, to: 16 * 60_000 }])).toBe(10 * 60_000 + (20 * 60_000 - SILENCE));
    // Contacts further apart than silenceMs make separate spans.
    expect(heardSpans([0, SILENCE + 6, 5])).toEqual([{ from: 0, to: 5 }, { from: SILENCE + 6, to: SILENCE + 6 }]);
  });
});
