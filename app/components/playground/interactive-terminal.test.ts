import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InteractiveTerminal } from "./interactive-terminal";

// The terminal's markup before any run (the first paint, and what assistive technology is told).
describe("InteractiveTerminal markup", () => {
  const html = renderToString(createElement(InteractiveTerminal, { language: "python", code: "print(input())", autoStart: false }));

  it("is a labelled region with a polite live log for the output", () => {
    expect(html).toMatch(/<section[^>]*aria-label="Interactive terminal"/);
    expect(html).toMatch(/<div[^>]*role="log"[^>]*aria-live="polite"[^>]*aria-label="Program output"/);
  });

  it("has a labelled input line, disabled until the program runs, described by the status", () => {
    const input = /<input[^>]*>/.exec(html)![0];
    const id = /id="([^"]+)"/.exec(input)![1]!;
    expect(html).toContain(`for="${id}"`);
    expect(input).toMatch(/disabled=""/);
    const status = /<p id="([^"]+)" role="status"[^>]*>([^<]*)</.exec(html)!;
    expect(input).toContain(`aria-describedby="${status[1]}"`);
    expect(status[2]).toBe("Not running");
  });

  it("offers Run (not Stop) before a run", () => {
    expect(html).toMatch(/>Run<\/button>/);
    expect(html).not.toMatch(/>Stop<\/button>/);
  });
});
