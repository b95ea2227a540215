// First-load JS and CSS of every route of the production build (issue 15):
// the Remix manifest, the client entry with its imports, and every route
// module from the root down with their static imports (each file once),
// each gzip -9. Deterministic for a given build, so budgets can be tested.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

export function readManifest(clientDir) {
  const assets = join(clientDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no Remix manifest in ${assets}: run npm run build first`);
  const text = readFileSync(join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return { manifest: JSON.parse(json), manifestFile: `/assets/${file}` };
}

/** route id -> { js, css } in bytes (gzip -9), for every route with a module. */
export function firstLoadSizes(clientDir) {
  const { manifest, manifestFile } = readManifest(clientDir);
  const sizes = new Map();
  const size = (path) => {
    if (!sizes.has(path)) sizes.set(path, gz(readFileSync(join(clientDir, path))));
    return sizes.get(path);
  };
  const chain = (id) => {
    const out = [];
    for (let route = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) out.unshift(route);
    return out;
  };
  const result = {};
  for (const id of Object.keys(manifest.routes).sort()) {
    const js = new Set([manifestFile, manifest.entry.module, ...manifest.entry.imports]);
    const css = new Set(manifest.entry.css ?? []);
    for (const route of chain(id)) {
      if (route.module) js.add(route.module);
      for (const i of route.imports ?? []) js.add(i);
      for (const c of route.css ?? []) css.add(c);
    }
    const sum = (files) => [...files].reduce((total, f) => total + size(f), 0);
    result[id] = { js: sum(js), css: sum(css) };
  }
  return result;
}

// As a script (npm run bench:bundle): every route's first-load JS and CSS, in kB (1000 bytes), as JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = new URL("../build/client", import.meta.url).pathname;
  const sizes = firstLoadSizes(clientDir);
  const kB = (n) => Math.round(n / 100) / 10;
  const routes = Object.fromEntries(Object.entries(sizes).map(([id, s]) => [id, { jsKB: kB(s.js), cssKB: kB(s.css) }]));
  console.log(JSON.stringify({ unit: "kB, gzip -9, first load", routes }, null, 2));
}
