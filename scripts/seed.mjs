// Idempotent demo seed: demo accounts, categories, coding questions with their
// 5 test cases, and MCQs. Writes SQL with fixed ids and INSERT OR IGNORE, then
// applies it to local D1 with wrangler. Usage: node scripts/seed.mjs [--persist-to DIR]
import { hashPassword } from "better-auth/crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, run } from "./lib.mjs";
import { categories, codingQuestions, mcqs } from "./seed-data.mjs";

export const DEMO_USERS = [
  { id: "demo-admin-0001", name: "Ada Admin", email: "admin@demo.edu", password: "admin1234", role: "admin" },
  { id: "demo-student-01", name: "Sam Student", email: "student1@demo.edu", password: "student1234", role: "student" },
  { id: "demo-student-02", name: "Riya Sharma", email: "student2@demo.edu", password: "student1234", role: "student" },
  { id: "demo-student-03", name: "Leo Park", email: "student3@demo.edu", password: "student1234", role: "student" },
];

const q = (v) => (v === null || v === undefined ? "NULL" : `'${String(v).replaceAll("'", "''")}'`);

export async function seedSql() {
  const now = Date.now();
  const lines = [];
  for (const u of DEMO_USERS) {
    const hash = await hashPassword(u.password);
    lines.push(
      `INSERT OR IGNORE INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (${q(u.id)}, ${q(u.name)}, ${q(u.email)}, 1, ${now}, ${now});`,
      `INSERT OR IGNORE INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES (${q(`${u.id}-cred`)}, ${q(u.id)}, 'credential', ${q(u.id)}, ${q(hash)}, ${now}, ${now});`,
      `INSERT OR IGNORE INTO user_roles (user_id, role) VALUES (${q(u.id)}, ${q(u.role)});`,
    );
  }
  for (const name of categories) {
    lines.push(`INSERT OR IGNORE INTO categories (id, name) VALUES (${q(`cat-${name.toLowerCase().replaceAll(" ", "-")}`)}, ${q(name)});`);
  }
  for (const cq of codingQuestions) {
    lines.push(
      `INSERT OR IGNORE INTO questions (id, title, description, language, category, difficulty, type) VALUES (${q(cq.id)}, ${q(cq.title)}, ${q(cq.description)}, ${q(cq.language)}, ${q(cq.category)}, ${q(cq.difficulty)}, 'coding');`,
    );
    cq.testCases.forEach((tc, i) => {
      lines.push(
        `INSERT OR IGNORE INTO test_cases (id, question_id, input, expected_output, points, is_hidden, position) VALUES (${q(`${cq.id}-tc${i + 1}`)}, ${q(cq.id)}, ${q(tc.input)}, ${q(tc.expected_output)}, 10, ${tc.is_hidden ? 1 : 0}, ${i});`,
      );
    });
  }
  for (const m of mcqs) {
    const options = JSON.stringify({ options: m.options, correct_index: m.correctIndex });
    lines.push(
      `INSERT OR IGNORE INTO questions (id, title, description, language, category, difficulty, type, mcq_options, correct_answer) VALUES (${q(m.id)}, ${q(m.title)}, '', 'python', ${q(m.category)}, ${q(m.difficulty)}, 'mcq', ${q(options)}, ${q("ABCD"[m.correctIndex])});`,
    );
  }
  return lines.join("\n") + "\n";
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = mkdtempSync(join(tmpdir(), "seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, await seedSql());
  run(bin("wrangler"), ["d1", "execute", "DB", "--local", "--file", file, ...process.argv.slice(2)], {
    env: { ...process.env, CI: "true" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  console.log(
    `• seeded ${DEMO_USERS.length} demo accounts, ${categories.length} categories, ${codingQuestions.length} coding questions, ${mcqs.length} MCQs`,
  );
}
