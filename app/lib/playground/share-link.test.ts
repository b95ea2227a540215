import { describe, expect, it } from "vitest";
import { legacyShareQuery, readShareLink, shareFragment, shareUrl, withoutShare } from "./share-link";

const PAGE = "https://proctor.example/admin/practice";

describe("share links (fragment form)", () => {
  it("round-trips unicode code and the language", async () => {
    const code = 'print("héllo, wörld — 你好 😀")\n# ✓ tabs\tand \\ backslashes\r\n';
    const url = await shareUrl(PAGE, code, "python");
    expect(url.startsWith(`${PAGE}#lang=python&z=`)).toBe(true);
    expect(await readShareLink(url)).toEqual({ kind: "loaded", shared: { code, language: "python" } });
  });

  it("keeps the code out of the query string, and compresses it", async () => {
    const code = "#include <stdio.h>\n" + 'int main(void) { printf("%d\\n", 42); return 0; }\n'.repeat(50);
    const url = new URL(await shareUrl(`${PAGE}?code=old&lang=c#old`, code, "c"));
    expect(url.search).toBe("");
    expect(url.pathname).toBe("/admin/practice");
    expect(url.hash.length).toBeLessThan(code.length / 4);
    expect(url.hash).toMatch(/^#lang=c&z=[A-Za-z0-9_-]+$/);
  });

  it("round-trips empty-ish and large code", async () => {
    for (const code of [" ", "x".repeat(64 * 1024), Array.from({ length: 3000 }, (_, i) => String.fromCodePoint(0x4e00 + i)).join("")]) {
      const load = await readShareLink(`${PAGE}#${await shareFragment(code, "java")}`);
      expect(load).toEqual({ kind: "loaded", shared: { code, language: "java" } });
    }
  });
});

describe("share links (the spec's query form)", () => {
  it("opens ?code=<base64>&lang= with unicode", async () => {
    const code = 'printf("ñ €");';
    const query = legacyShareQuery(code, "c");
    expect(query).toMatch(/^\?code=[^&]+&lang=c$/);
    expect(await readShareLink(`${PAGE}${query}`)).toEqual({ kind: "loaded", shared: { code, language: "c" } });
  });

  it("opens btoa() links whose + and = were not escaped, and plain Latin-1 btoa", async () => {
    const code = "a>>b??~~"; // base64 with + and /
    const b64 = btoa(code);
    expect(b64).toMatch(/[+/]/);
    expect(await readShareLink(`${PAGE}?code=${b64}&lang=cpp`)).toEqual({ kind: "loaded", shared: { code, language: "cpp" } });
    expect(await readShareLink(`${PAGE}?code=${btoa("caf\u00e9")}&lang=python`)).toEqual({ kind: "loaded", shared: { code: "café", language: "python" } });
  });

  it("leaves the language to the page when the link has none", async () => {
    expect(await readShareLink(`${PAGE}?code=${btoa("x = 1")}`)).toEqual({ kind: "loaded", shared: { code: "x = 1", language: null } });
  });
});

describe("bad links", () => {
  it.each([
    ["base64 that is not base64", `${PAGE}?code=%%%not*base64&lang=c`],
    ["an impossible base64 length", `${PAGE}?code=abcde&lang=c`],
    ["an empty code", `${PAGE}?code=&lang=c`],
    ["an unknown language", `${PAGE}?code=${btoa("x")}&lang=ruby`],
    ["a fragment that is not deflate data", `${PAGE}#lang=c&z=bm90IGRlZmxhdGUgZGF0YQ`],
    ["a fragment with a bad language", `${PAGE}#lang=cobol&z=AwA`],
    ["an empty fragment payload", `${PAGE}#lang=c&z=`],
  ])("says so for %s", async (_label, url) => {
    expect(await readShareLink(url)).toEqual({ kind: "error" });
  });

  it("refuses a link that inflates past the limit", async () => {
    const huge = await shareFragment("a".repeat(300 * 1024), "c");
    expect(huge.length).toBeLessThan(2000);
    expect(await readShareLink(`${PAGE}#${huge}`)).toEqual({ kind: "error" });
  });

  it("finds nothing in an ordinary address", async () => {
    expect(await readShareLink(PAGE)).toEqual({ kind: "none" });
    expect(await readShareLink(`${PAGE}?tab=snippets#top`)).toEqual({ kind: "none" });
  });
});

describe("withoutShare", () => {
  it("drops the shared code from the address and keeps the rest", () => {
    expect(withoutShare(`${PAGE}?code=abc&lang=c&x=1#lang=c&z=AAA`)).toBe("/admin/practice?x=1");
    expect(withoutShare(`${PAGE}#lang=c&z=AAA`)).toBe("/admin/practice");
  });
});
