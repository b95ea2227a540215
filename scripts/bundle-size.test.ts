/// <reference types="node" />
// What a page's first load counts with lazy route discovery (decision 022): the
// routes React Router matches, and the part of the manifest the document carries.
import { describe, expect, it } from "vitest";
import { matchIds, partialManifestScript } from "./bundle-size.mjs";

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, module: `/assets/${id}.js`, imports: [] });
const manifest = {
  entry: { module: "/assets/entry.js", imports: [] },
  url: "/assets/manifest-1.js",
  version: "1",
  routes: Object.fromEntries(
    [
      route("root", undefined, ""),
      route("routes/_index", "root", undefined, true),
      route("routes/$", "root", "*"),
      route("routes/auth", "root", "auth"),
      route("routes/test.$roomId._index", "root", "test/:roomId", true),
      route("routes/test.$roomId.mcq", "root", "test/:roomId/mcq"),
      route("routes/admin", "root", "admin"),
      route("routes/admin._index", "routes/admin", undefined, true),
      route("routes/admin.room.$roomId", "routes/admin", "room/:roomId"),
      route("routes/admin.room.new", "routes/admin", "room/new"),
    ].map((r) => [r.id, r]),
  ),
};

describe("matchIds", () => {
  it("ranks as React Router does: static over dynamic over the catch-all, an index route for its parent's path", () => {
    expect(matchIds(manifest, "/")).toEqual(["root", "routes/_index"]);
    expect(matchIds(manifest, "/auth")).toEqual(["root", "routes/auth"]);
    expect(matchIds(manifest, "/test")).toEqual(["root", "routes/$"]);
    expect(matchIds(manifest, "/test/x")).toEqual(["root", "routes/test.$roomId._index"]);
    expect(matchIds(manifest, "/admin")).toEqual(["root", "routes/admin", "routes/admin._index"]);
    expect(matchIds(manifest, "/admin/room/new")).toEqual(["root", "routes/admin", "routes/admin.room.new"]);
    expect(matchIds(manifest, "/admin/room/abc")).toEqual(["root", "routes/admin", "routes/admin.room.$roomId"]);
    expect(matchIds(manifest, "/no/such/page")).toEqual(["root", "routes/$"]);
  });
});

describe("partialManifestScript", () => {
  const routesOf = (script: string) => Object.keys(JSON.parse(script.slice(script.indexOf("{"), script.lastIndexOf("}") + 1)).routes).sort();

  it("carries the page's routes and what each path above it matches, as Remix's getPartialManifest does", () => {
    // "/admin/room" has no page of its own: the catch-all matches it.
    expect(routesOf(partialManifestScript(manifest, "routes/test.$roomId.mcq"))).toEqual(["root", "routes/$", "routes/_index", "routes/test.$roomId._index", "routes/test.$roomId.mcq"]);
    expect(routesOf(partialManifestScript(manifest, "routes/admin.room.$roomId"))).toEqual(["root", "routes/$", "routes/_index", "routes/admin", "routes/admin._index", "routes/admin.room.$roomId"]);
  });

  it("grows with the page's own routes only, not with routes elsewhere", () => {
    const more = structuredClone(manifest) as typeof manifest;
    for (let i = 0; i < 50; i++) more.routes[`routes/admin.extra${i}`] = route(`routes/admin.extra${i}`, "routes/admin", `extra${i}`);
    expect(partialManifestScript(more, "routes/test.$roomId.mcq")).toBe(partialManifestScript(manifest, "routes/test.$roomId.mcq"));
  });
});
