import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProblemPanel, type ProblemQuestion } from "./problem-panel";

const question = (limits: ProblemQuestion["limits"]): ProblemQuestion => ({ title: "Echo", description: "Echo the line.", totalCases: 1, openCases: [], limits });
const render = (q: ProblemQuestion) => renderToStaticMarkup(createElement(ProblemPanel, { question: q }));

describe("ProblemPanel's limits (issue 35)", () => {
  it("shows the question's own limits under the description, only the parts that are set", () => {
    const html = render(question({ timeLimitMs: 2000, memoryLimitMb: 256 }));
    expect(html).toContain("Time limit 2 s · Memory 256 MB");
    expect(html.indexOf("Echo the line.")).toBeLessThan(html.indexOf("Time limit"));
    expect(render(question({ timeLimitMs: 500, memoryLimitMb: null }))).toContain(">Time limit 0.5 s<");
    expect(render(question({ timeLimitMs: null, memoryLimitMb: 64 }))).toContain(">Memory 64 MB<");
  });

  it("shows nothing for the runner's defaults, or a copy kept offline before limits existed", () => {
    expect(render(question({ timeLimitMs: null, memoryLimitMb: null }))).not.toContain("question-limits");
    expect(render(question(undefined))).not.toContain("question-limits");
  });
});
