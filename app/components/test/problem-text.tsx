import { Fragment } from "react";

/**
 * Problem statements are plain text with a little markdown (**bold**,
 * `code` and ``` fences). Rendered as React nodes: no HTML injection.
 */
export function ProblemText({ text }: { text: string }) {
  const blocks = text.split(/```[^\n]*\n?/);
  return (
    <div className="space-y-3 text-sm leading-relaxed">
      {blocks.map((block, i) =>
        i % 2 === 1 ? (
          <pre key={i} className="overflow-x-auto rounded-md bg-slate-100 p-3 font-mono text-xs dark:bg-slate-800">
            {block.replace(/\n$/, "")}
          </pre>
        ) : (
          block
            .split(/\n{2,}/)
            .filter((p) => p.trim())
            .map((p, j) => (
              <p key={`${i}-${j}`} className="whitespace-pre-wrap">
                {inline(p)}
              </p>
            ))
        ),
      )}
    </div>
  );
}

function inline(text: string) {
  return text.split(/(\*\*[^*]+\*\*|`[^`]+`)/).map((part, i) =>
    part.startsWith("**") ? (
      <strong key={i}>{part.slice(2, -2)}</strong>
    ) : part.startsWith("`") ? (
      <code key={i} className="rounded bg-slate-100 px-1 font-mono text-xs dark:bg-slate-800">
        {part.slice(1, -1)}
      </code>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
