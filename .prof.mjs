import WebSocket from "ws";
import { writeFileSync } from "node:fs";
const secs = Number(process.argv[2] ?? 30);
const ws = new WebSocket("ws://localhost:9229/ws");
let id = 0; const waiting = new Map();
const send = (method, params = {}) => new Promise((res) => { const i = ++id; waiting.set(i, res); ws.send(JSON.stringify({ id: i, method, params })); });
ws.on("message", (d) => { const m = JSON.parse(d); if (m.id && waiting.has(m.id)) { waiting.get(m.id)(m.result ?? m.error); waiting.delete(m.id); } });
ws.on("open", async () => {
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 500 });
  await send("Profiler.start");
  console.error("profiling", secs, "s");
  await new Promise((r) => setTimeout(r, secs * 1000));
  const { profile } = await send("Profiler.stop");
  writeFileSync("/tmp/prof/profile.cpuprofile", JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas; let total = 0;
  const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  profile.samples.forEach((s, i) => {
    const t = dt[i] ?? 0; total += t;
    const n = byId.get(s); const cf = n.callFrame;
    const key = `${cf.functionName || "(anon)"} ${cf.url.split("/").slice(-1)[0]}:${cf.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + t);
    const seen = new Set();
    for (let x = s; x !== undefined; x = parent.get(x)) { const c = byId.get(x).callFrame; const k = `${c.functionName || "(anon)"} ${c.url.split("/").slice(-1)[0]}:${c.lineNumber}`; if (seen.has(k)) continue; seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); }
  });
  console.log("total ms", Math.round(total / 1000));
  console.log("--- self");
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / 1000).toFixed(0).padStart(7), k);
  console.log("--- inclusive");
  for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log((v / 1000).toFixed(0).padStart(7), k);
  process.exit(0);
});
