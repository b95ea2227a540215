// First-load JS and CSS of every route of the production build (issue 15):
// the Remix manifest, the client entry with its imports, and every route
// module from the root down with their static imports (each file once),
// each gzip -9. Deterministic for a given build, so budgets can be tested.
// With lazy route discovery (decision 022) a page loads no manifest file: its
// document carries the part of the manifest that its path and the paths above
// it match, which is what is counted then.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** kB (1000 bytes), one decimal: what the bench prints and budgets.json holds. */
export const kB = (bytes) => Math.round(bytes / 100) / 10;

export function readManifest(clientDir) {
  if (!existsSync(clientDir)) throw new Error(`${clientDir} is missing: run \`npm run build\` first`);
  const assets = join(clientDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no Remix manifest in ${assets}: run npm run build first`);
  const text = readFileSync(join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return { manifest: JSON.parse(json), manifestFile: `/assets/${file}` };
}

/** Whether the server's build has Remix's lazy route discovery on. */
export function discoversLazily(clientDir) {
  const assets = join(clientDir, "../server/assets");
  const files = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith(".js")) : [];
  return files.some((f) => /\bv3_lazyRouteDiscovery:(!0|true)\b/.test(readFileSync(join(assets, f), "utf8")));
}

/** A route's URL pattern, from the root down ("test/:roomId/mcq"). */
const patternOf = (manifest, id) => {
  const parts = [];
  for (let route = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) if (route.path) parts.unshift(route.path);
  return parts.join("/").split("/").filter(Boolean);
};

/**
 * The route ids that React Router matches for a pathname: the best-ranked
 * route that matches all of it (static segments over dynamic over splats, as
 * React Router ranks them), with its parents.
 */
export function matchIds(manifest, pathname) {
  const segments = pathname.split("/").filter(Boolean);
  let best;
  for (const [id, route] of Object.entries(manifest.routes)) {
    // A layout matches only through a child (an index route or deeper); an index route or a leaf matches by itself.
    const isLeaf = route.index || !Object.values(manifest.routes).some((r) => r.parentId === id);
    if (!isLeaf) continue;
    const pattern = patternOf(manifest, id);
    const splat = pattern.at(-1) === "*";
    const fixed = splat ? pattern.slice(0, -1) : pattern;
    if (splat ? segments.length < fixed.length : segments.length !== fixed.length) continue;
    if (!fixed.every((part, i) => part.startsWith(":") || part === segments[i])) continue;
    const score = fixed.reduce((sum, part) => sum + (part.startsWith(":") ? 3 : 10), 0) + (splat ? -2 : 0) + (route.index ? 2 : 0);
    if (!best || score > best.score) best = { id, score };
  }
  const ids = [];
  for (let route = best && manifest.routes[best.id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) ids.unshift(route.id);
  return ids;
}

/**
 * The manifest a page's document carries with lazy discovery (Remix's
 * getPartialManifest): the routes its path matches and what "/" and each path
 * above it match, as the inline script's JSON.
 */
export function partialManifestScript(manifest, id) {
  const segments = patternOf(manifest, id).map((part) => (part.startsWith(":") || part === "*" ? "x" : part));
  const ids = new Set(matchIds(manifest, `/${segments.join("/")}`));
  for (let n = 0; n < segments.length; n++) for (const match of matchIds(manifest, `/${segments.slice(0, n).join("/")}`)) ids.add(match);
  ids.add(id);
  for (let route = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) ids.add(route.id);
  const routes = Object.fromEntries([...ids].sort().map((routeId) => [routeId, manifest.routes[routeId]]));
  return `window.__remixManifest = ${JSON.stringify({ ...manifest, routes })};`;
}

/** route id -> { js, css } in bytes (gzip -9), for every route with a module. */
export function firstLoadSizes(clientDir) {
  const { manifest, manifestFile } = readManifest(clientDir);
  const lazily = discoversLazily(clientDir);
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
    const js = new Set([manifest.entry.module, ...manifest.entry.imports]);
    if (!lazily) js.add(manifestFile);
    const css = new Set(manifest.entry.css ?? []);
    for (const route of chain(id)) {
      if (route.module) js.add(route.module);
      for (const i of route.imports ?? []) js.add(i);
      for (const c of route.css ?? []) css.add(c);
    }
    const sum = (files) => [...files].reduce((total, f) => total + size(f), 0);
    result[id] = { js: sum(js) + (lazily ? gz(partialManifestScript(manifest, id)) : 0), css: sum(css) };
  }
  return result;
}

/** budgets.json at the repo root: route id -> { budgetKB, goalKB } for first-load JS (decision 022). */
export function readBudgets(path = new URL("../budgets.json", import.meta.url)) {
  return JSON.parse(readFileSync(path, "utf8")).routes;
}

/**
 * Each budgeted route's first-load JS against its budget. A route the build
 * no longer has is an error: a rename must not turn a budget into a pass.
 */
export function checkBudgets(clientDir, budgets = readBudgets()) {
  const sizes = firstLoadSizes(clientDir);
  return Object.entries(budgets).map(([route, { budgetKB, goalKB }]) => {
    if (!sizes[route]) throw new Error(`budgets.json names ${route}, which the build has no module for`);
    const bytes = sizes[route].js;
    return { route, jsKB: kB(bytes), budgetKB, goalKB, within: bytes <= budgetKB * 1000 };
  });
}

// As a script (npm run bench:bundle): every route's first-load JS and CSS, in kB (1000 bytes), as JSON,
// with the budget and goal of the routes budgets.json names.
if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = new URL("../build/client", import.meta.url).pathname;
  const sizes = firstLoadSizes(clientDir);
  const budgets = readBudgets();
  const routes = Object.fromEntries(Object.entries(sizes).map(([id, s]) => [id, { jsKB: kB(s.js), cssKB: kB(s.css), ...budgets[id] }]));
  console.log(JSON.stringify({ unit: "kB, gzip -9, first load", routes }, null, 2));
}
