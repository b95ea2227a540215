import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button";

const html = (props: Parameters<typeof Button>[0]) => renderToString(createElement(Button, props, "Run Code"));

describe("Button", () => {
  it("busy or disabled, takes the disabled attribute (the browser drops its focus)", () => {
    expect(html({ busy: true })).toMatch(/<button[^>]* disabled=""/);
    expect(html({ disabled: true })).toMatch(/<button[^>]* disabled=""/);
    expect(html({ busy: true })).not.toContain('aria-disabled="true"');
  });

  it("with keepFocus, busy or disabled is aria-disabled instead, so it stays focused and in the Tab order", () => {
    for (const props of [{ busy: true }, { disabled: true }]) {
      const out = html({ ...props, keepFocus: true });
      expect(out).toContain('aria-disabled="true"');
      expect(out).not.toMatch(/<button[^>]* disabled=""/);
    }
    expect(html({ busy: true, keepFocus: true })).toContain('aria-busy="true"');
  });

  it("with keepFocus and available, is a plain button", () => {
    const out = html({ keepFocus: true });
    expect(out).not.toContain('aria-disabled="true"');
    expect(out).not.toMatch(/ disabled=""/);
  });
});
