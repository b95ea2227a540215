// npm run profile:worker: samples the Worker's CPU under `npm start` for
// SECONDS (default 30) through wrangler dev's inspector (INSPECTOR, default
// ws://localhost:9229/ws), e.g. while `npm run bench:load` runs (decision 024).
// Prints JSON: the sampled time, the idle share, and the functions with the
// most self and inclusive time (ms). Keeps the raw profile in
// OUT (default .wrangler/worker.cpuprofile) for Chrome DevTools.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import WebSocket from "ws";

const SECONDS = Number(process.env.SECONDS ?? 30);
const INSPECTOR = process.env.INSPECTOR ?? "ws://localhost:9229/ws";
const OUT = process.env.OUT ?? ".wrangler/worker.cpuprofile";
const TOP = Number(process.env.TOP ?? 25);

const ws = new WebSocket(INSPECTOR);
let nextId = 0;
const waiting = new Map();
const send = (method, params = {}) =>
  new Promise((resolve) => {
    const id = ++nextId;
    waiting.set(id, resolve);
    ws.send(JSON.stringify({ id, method, params }));
  });
ws.on("message", (data) => {
  const message = JSON.parse(String(data));
  if (message.id && waiting.has(message.id)) {
    waiting.get(message.id)(message.result ?? message.error);
    waiting.delete(message.id);
  }
});
ws.on("error", (error) => {
  console.error(`cannot reach the inspector at ${INSPECTOR} (is npm start running?): ${error.message}`);
  process.exit(1);
});

ws.on("open", async () => {
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 500 });
  await send("Profiler.start");
  console.error(`• sampling the Worker for ${SECONDS} s`);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const { profile } = await send("Profiler.stop");
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify(profile));
  console.log(JSON.stringify(summarize(profile), null, 2));
  process.exit(0);
});

/** Self and inclusive time per function (name, file, line), in ms. */
function summarize(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const name = (frame) => `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber}`;
  const self = new Map();
  const inclusive = new Map();
  let total = 0;
  profile.samples.forEach((sample, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    total += us;
    const key = name(byId.get(sample).callFrame);
    self.set(key, (self.get(key) ?? 0) + us);
    const seen = new Set();
    for (let node = sample; node !== undefined; node = parent.get(node)) {
      const k = name(byId.get(node).callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  });
  const top = (map) =>
    Object.fromEntries([...map].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([k, us]) => [k, Math.round(us / 1000)]));
  return { sampledMs: Math.round(total / 1000), idleShare: Math.round(((self.get(name({ functionName: "(idle)", url: "", lineNumber: -1 })) ?? 0) / total) * 100) / 100, self: top(self), inclusive: top(inclusive) };
}
