import { describe, expect, it } from "vitest";
import {
  exportSnippets,
  mergeSnippets,
  newSnippet,
  parseSnippetImport,
  readSnippets,
  SNIPPET_MESSAGES,
  SNIPPETS_KEY,
  writeSnippets,
  type Snippet,
} from "./snippets";

function memoryStorage(initial?: string) {
  const map = new Map<string, string>();
  if (initial !== undefined) map.set(SNIPPETS_KEY, initial);
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

const a: Snippet = { name: "Hello", code: 'print("hi ✓")', lang: "python", savedAt: 1 };
const b: Snippet = { name: "Sum", code: "#include <stdio.h>", lang: "c" };

describe("storage under code_snippets", () => {
  it("writes and reads the spec's {name, code, lang} entries", () => {
    const storage = memoryStorage();
    writeSnippets(storage, [a, b]);
    expect(JSON.parse(storage.map.get(SNIPPETS_KEY)!)).toEqual([a, b]);
    expect(readSnippets(storage)).toEqual([a, b]);
  });

  it("skips damaged entries and survives damaged storage", () => {
    expect(readSnippets(memoryStorage(JSON.stringify([a, { name: "x" }, 3, b])))).toEqual([a, b]);
    expect(readSnippets(memoryStorage("{not json"))).toEqual([]);
    expect(readSnippets(memoryStorage('{"a":1}'))).toEqual([]);
    expect(readSnippets(memoryStorage())).toEqual([]);
  });

  it("names a new snippet, trimmed, and refuses a blank name", () => {
    expect(newSnippet("  Mine ", "x", "java", 5)).toEqual({ name: "Mine", code: "x", lang: "java", savedAt: 5 });
    expect(() => newSnippet("   ", "x", "c")).toThrow(SNIPPET_MESSAGES.nameRequired);
  });
});

describe("export and import", () => {
  it("round-trips every snippet through one file", () => {
    const file = exportSnippets([a, b], new Date("2025-01-02T03:04:05Z"));
    expect(JSON.parse(file)).toMatchObject({ format: "proctoredge-snippets", version: 1, exportedAt: "2025-01-02T03:04:05.000Z" });
    expect(parseSnippetImport(file)).toEqual({ ok: true, snippets: [a, b] });
  });

  it("imports the bare list that code_snippets holds", () => {
    expect(parseSnippetImport(JSON.stringify([b]))).toEqual({ ok: true, snippets: [b] });
  });

  it.each([
    ["not JSON", "hello", SNIPPET_MESSAGES.notJson],
    ["another JSON document", '{"users": []}', SNIPPET_MESSAGES.wrongShape],
    ["another format", JSON.stringify({ format: "other", snippets: [a] }), SNIPPET_MESSAGES.wrongShape],
    ["a newer version", JSON.stringify({ format: "proctoredge-snippets", version: 2, snippets: [a] }), SNIPPET_MESSAGES.wrongShape],
    ["a number", "42", SNIPPET_MESSAGES.wrongShape],
    ["no snippets", "[]", SNIPPET_MESSAGES.empty],
    ["an unknown language", JSON.stringify([a, { ...b, lang: "ruby" }]), "Snippet 2: lang must be one of c, cpp, python, java"],
    ["a blank name", JSON.stringify([{ ...a, name: " " }]), `Snippet 1: ${SNIPPET_MESSAGES.nameRequired}`],
    ["code that is not text", JSON.stringify([{ ...a, code: 12 }]), "Snippet 1: code must be text"],
    ["an entry that is not an object", JSON.stringify([a, "x"]), "Snippet 2: not a snippet"],
  ])("refuses %s with a clear message", (_label, text, error) => {
    expect(parseSnippetImport(text)).toEqual({ ok: false, error });
  });

  it("adds imported snippets after the saved ones and skips those already saved", () => {
    const c: Snippet = { name: "Hello", code: 'print("other")', lang: "python" };
    const result = mergeSnippets([a], [{ ...a, savedAt: 99 }, b, c, b]);
    expect(result).toEqual({ snippets: [a, b, c], added: 2, skipped: 2 });
    expect(SNIPPET_MESSAGES.imported(2, 2)).toBe("Imported 2 snippets (2 already saved)");
  });
});
