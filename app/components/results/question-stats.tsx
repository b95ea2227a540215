import { Badge } from "~/components/ui/badge";
import { percent, type CaseStat, type McqStat, type QuestionStat } from "~/lib/results/stats";
import { Table, TBody, Td, Th, THead } from "~/components/ui/table";

const muted = "text-slate-600 dark:text-slate-400";

/** A pass rate as a small bar plus its percentage (the number carries the meaning; the bar is decoration). */
function Rate({ share }: { share: number | null }) {
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <span className="block h-full bg-brand-600 dark:bg-brand-500" style={{ width: `${Math.round((share ?? 0) * 100)}%` }} />
      </span>
      <span className="tabular-nums">{percent(share)}</span>
    </span>
  );
}

/** "Given to 7 students": how many students drew the question (issue 36). */
const givenTo = (n: number) => `Given to ${n} student${n === 1 ? "" : "s"}`;

const r2 = (r: number | null) => (r === null ? "—" : r.toFixed(2));

function CaseRow({ c }: { c: CaseStat }) {
  return (
    <tr className={c.flagged ? "bg-red-50 dark:bg-red-950/40" : undefined}>
      <Td>
        Case {c.number} <Badge tone={c.hidden ? "gray" : "blue"}>{c.hidden ? "Hidden" : "Open"}</Badge>
      </Td>
      <Td>
        <Rate share={c.passRate} />
      </Td>
      <Td className="tabular-nums">{c.strong ? `${percent(c.isolatedFailRate)} (${c.failsAlone}/${c.strong})` : "—"}</Td>
      <Td className="tabular-nums">{r2(c.pointBiserial)}</Td>
      <Td>
        {c.flagged ? (
          <span className="text-sm text-red-800 dark:text-red-200">
            <Badge tone="red">Check this case</Badge> <span className="block pt-1">{c.reason}</span>
          </span>
        ) : null}
      </Td>
    </tr>
  );
}

/** Coding: every question of the room, then each of its test cases. */
export function CodingQuestionStats({ questions }: { questions: QuestionStat[] }) {
  if (questions.length === 0) return <p className={`text-sm ${muted}`}>No questions in this room.</p>;
  return (
    <div className="space-y-4">
      {questions.map((q) => (
        <section key={q.id} aria-label={`Question ${q.title}`} className="rounded-lg border border-slate-200 dark:border-slate-700">
          <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-700">
            <h4 className="font-medium">
              {q.title} {q.flagged ? <Badge tone="red">Likely broken case</Badge> : null}
            </h4>
            <p className={`text-sm ${muted}`}>
              {givenTo(q.given)} · {q.attempts} submission{q.attempts === 1 ? "" : "s"} · {percent(q.allPassRate)} pass every case · mean score{" "}
              {q.meanScore === null ? "—" : `${Math.round(q.meanScore)}%`}
            </p>
          </header>
          {q.cases.length === 0 ? (
            <p className={`px-3 py-2 text-sm ${muted}`}>This question has no test cases.</p>
          ) : (
            <Table>
              <THead>
                <Th>Test case</Th>
                <Th>Pass rate</Th>
                <Th title="Among students who pass every other case of this question, the share who fail this one">Fails alone</Th>
                <Th className="normal-case" title="Point-biserial correlation with the rest of the student's passed cases">
                  r
                </Th>
                <Th>
                  <span className="sr-only">Flag</span>
                </Th>
              </THead>
              <TBody>
                {q.cases.map((c) => (
                  <CaseRow key={c.id} c={c} />
                ))}
              </TBody>
            </Table>
          )}
        </section>
      ))}
      <p className={`text-xs ${muted}`}>
        <strong>Given to</strong>: the students who drew the question (each student gets their own). <strong>Fails alone</strong>: of the students who pass every other case of the question, the share who fail this one (a sound
        case is near 0%). <strong>r</strong>: point-biserial correlation between passing the case and the student&apos;s other passed
        cases (higher separates strong from weak students; negative is suspect). A case is flagged when at least 3 students pass
        everything else and half or more of them fail it.
      </p>
    </div>
  );
}

/** MCQ: every question's share of correct answers and its discrimination. */
export function McqQuestionStats({ questions }: { questions: McqStat[] }) {
  if (questions.length === 0) return <p className={`text-sm ${muted}`}>No questions in this room.</p>;
  return (
    <div className="space-y-2">
      <Table scrollLabel="Question statistics" className="rounded-lg border border-slate-200 dark:border-slate-700">
        <THead>
          <Th>#</Th>
          <Th>Question</Th>
          <Th title="How many students were given this question">Given to</Th>
          <Th>Answers</Th>
          <Th>Correct</Th>
          <Th className="normal-case">r</Th>
          <Th>
            <span className="sr-only">Flag</span>
          </Th>
        </THead>
        <TBody>
          {questions.map((q, i) => (
            <tr key={q.id} className={q.flagged ? "bg-red-50 dark:bg-red-950/40" : undefined}>
              <Td className="tabular-nums">{i + 1}</Td>
              <Td className="max-w-md truncate" title={q.title}>
                {q.title}
              </Td>
              <Td className="tabular-nums whitespace-nowrap">
                {q.given} <span className={muted}>student{q.given === 1 ? "" : "s"}</span>
              </Td>
              <Td className="tabular-nums">{q.answers}</Td>
              <Td>
                <Rate share={q.passRate} />
              </Td>
              <Td className="tabular-nums">{r2(q.pointBiserial)}</Td>
              <Td className="text-red-800 dark:text-red-200">{q.flagged ? <Badge tone="red">Check the answer key</Badge> : null}</Td>
            </tr>
          ))}
        </TBody>
      </Table>
      <p className={`text-xs ${muted}`}>
        <strong>Given to</strong>: the students who drew the question; answers and the share correct count only them.{" "}
        <strong>r</strong>: point-biserial correlation between answering correctly and the student&apos;s other correct answers. A
        question is flagged when, over at least 5 answers, r is −0.2 or lower: stronger students get it wrong more often.
      </p>
    </div>
  );
}
