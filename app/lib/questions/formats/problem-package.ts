// ICPC / Kattis problem packages (.zip): problem.yaml, a statement
// (problem_statement/ or, in the newer format, statement/), and test data in
// data/sample (open) and data/secret (hidden, possibly in subgroups).
// Read into the neutral model, and written back from a bank coding question.
// fflate and yaml are pure JavaScript: this runs in the browser and in Workers.
import { unzipSync, zipSync } from "fflate";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { latexToText } from "./latex-text";
import { overlappingEntries, zipEntrySpans } from "./zip-directory";
import { MAX_CHECKER_SOURCE_CHARS } from "../../../../contracts/runner.ts";
import {
  boundedLimit,
  FormatError,
  IMPORTED_CATEGORY,
  type Checker,
  type ExportQuestion,
  type QuestionGradingModel,
  type ImportedCoding,
  type ImportedTestCase,
  type ParseResult,
} from "./model";
import { decodeUtf8, naturalCompare, normalizeNewlines, normalizeTestData, normalizeText, plural, singleLine } from "./text";

/** Refuse packages whose files we read would decompress past this (a zip bomb, or not a question). */
export const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;

/** A validator the bank cannot take as its custom checker (it takes one C++ file). */
export const CUSTOM_VALIDATOR_WARNING =
  "custom output validator the bank cannot use (its custom checker is one C++ file): output is compared exactly (trailing whitespace ignored)";

/** Where the custom checker goes in an exported package (the legacy layout, which every judge reads). */
export const CHECKER_PATH = "output_validators/checker/checker.cpp";

const CPP_SOURCE = /\.(cpp|cc|cxx|c\+\+)$/i;
const VALIDATOR_DIRS = ["output_validators/", "output_validator/"];

const STATEMENT_DIRS = ["problem_statement/", "statement/"];

// ---------------------------------------------------------------- unzip

/** Zip names as forward-slash relative paths ("./a\\b" → "a/b"). */
function cleanName(name: string): string {
  return name.replace(/\\/g, "/").replace(/^(\.\/|\/)+/, "");
}

function isJunk(name: string): boolean {
  return name.startsWith("__MACOSX/") || /(^|\/)\.DS_Store$/.test(name) || /(^|\/)Thumbs\.db$/i.test(name);
}

/** Only these files are decompressed: the rest (submissions, validators, PDFs) is only looked at by name. */
function isWanted(name: string): boolean {
  if (name.endsWith("/") || isJunk(name)) return false;
  const base = name.slice(name.lastIndexOf("/") + 1);
  if (base === "problem.yaml" || base === ".timelimit") return true;
  // A custom checker's source (a single C++ file becomes the question's checker).
  if (/(^|\/)output_validators?\/.+\.(cpp|cc|cxx|c\+\+)$/i.test(name)) return true;
  if (/(^|\/)data\/.+\.(in|ans)$/.test(name)) return true;
  return /(^|\/)(problem_statement|statement)\/[^/]+\.(md|tex)$/.test(name);
}

type Zip = { names: string[]; files: Map<string, Uint8Array> };

function unzip(zip: Uint8Array): Zip {
  const names: string[] = [];
  let total = 0;
  let raw: Record<string, Uint8Array>;
  try {
    // Entries that share bytes are how a small zip unpacks to hundreds of MB; no zip tool writes them.
    const overlap = overlappingEntries(zipEntrySpans(zip));
    if (overlap)
      throw new FormatError(
        `This .zip is not a normal zip: its entries ${cleanName(overlap[0].name)} and ${cleanName(overlap[1].name)} use the same bytes (as a zip bomb does), so it was not unpacked`,
      );
    raw = unzipSync(zip, {
      filter: (entry) => {
        const name = cleanName(entry.name);
        names.push(name);
        if (!isWanted(name)) return false;
        // fflate sizes a deflated file by its declared size (it stops there even when the header lies), but
        // copies a stored one (method 0) whole: its stored bytes are its real size, whatever it declares.
        total += entry.compression === 0 ? entry.size : entry.originalSize;
        if (total > MAX_UNZIPPED_BYTES)
          throw new FormatError(`This .zip is too large: past ${name} its files would take more than 50 MB unpacked`);
        return true;
      },
    });
  } catch (e) {
    if (e instanceof FormatError) throw e;
    throw new FormatError(`This .zip cannot be read (${e instanceof Error ? e.message : String(e)})`);
  }
  const files = new Map<string, Uint8Array>();
  for (const [name, bytes] of Object.entries(raw)) files.set(cleanName(name), bytes);
  return { names, files };
}

/** Package roots ("" or "folder/"): where a problem.yaml or data/sample|secret lives. */
function findRoots(names: string[]): string[] {
  const roots = new Set<string>();
  for (const name of names) {
    if (isJunk(name)) continue;
    const parts = name.split("/");
    if (parts[parts.length - 1] === "problem.yaml") roots.add(parts.slice(0, -1).map((p) => `${p}/`).join(""));
    const d = parts.indexOf("data");
    if (d >= 0 && (parts[d + 1] === "sample" || parts[d + 1] === "secret") && parts.length > d + 2)
      roots.add(parts.slice(0, d).map((p) => `${p}/`).join(""));
  }
  // A package's own sub-folders are not packages.
  const all = [...roots];
  return all.filter((r) => !all.some((o) => o !== r && r.startsWith(o))).sort(naturalCompare);
}

// ---------------------------------------------------------------- one package

type Outcome = { question: ImportedCoding; warnings: string[] } | { title: string; reason: string };

function text(zip: Zip, path: string): string | null {
  const bytes = zip.files.get(path);
  return bytes ? normalizeNewlines(decodeUtf8(bytes).text) : null;
}

/** problem.yaml's name: a string, or a map of languages (English preferred). */
function yamlName(name: unknown): string | null {
  if (typeof name === "string" || typeof name === "number") return singleLine(String(name)) || null;
  if (name && typeof name === "object" && !Array.isArray(name)) {
    const map = name as Record<string, unknown>;
    const value = typeof map.en === "string" ? map.en : Object.values(map).find((v) => typeof v === "string");
    return typeof value === "string" ? singleLine(value) || null : null;
  }
  return null;
}

/** `title`: the statement's own (\problemname, or a leading "# Heading" in markdown, then left out of `text`). */
type Statement = { text: string; title: string | null; images: number; note: string | null; heading?: string };

function readStatement(zip: Zip, root: string): Statement {
  const has = (p: string) => zip.files.has(root + p);
  const md = (file: string): Statement => {
    let body = normalizeText(text(zip, root + file) ?? "");
    let title: string | null = null;
    let headingLine: string | undefined;
    // A leading "# Heading" is the title when problem.yaml has none.
    const heading = /^#\s+(.+)\n*/.exec(body);
    if (heading) {
      title = singleLine(heading[1]);
      headingLine = heading[0];
      body = body.slice(heading[0].length);
    }
    let images = 0;
    // Neither part may hold its own opening bracket, so that "![![![…" is not read to the end from each "![".
    body = body.replace(/!\[[^[\]]*\]\([^()]*\)/g, () => {
      images++;
      return "";
    });
    return { text: normalizeText(body), title, images, note: null, heading: headingLine };
  };
  const tex = (file: string): Statement => ({ ...latexToText(text(zip, root + file) ?? ""), note: null });

  for (const name of ["problem.en.md", "problem.md"])
    for (const dir of STATEMENT_DIRS) if (has(dir + name)) return md(dir + name);
  for (const name of ["problem.en.tex", "problem.tex"])
    for (const dir of STATEMENT_DIRS) if (has(dir + name)) return tex(dir + name);
  // Only another language: better than nothing, but say so.
  const other = [...zip.files.keys()]
    .filter((p) => STATEMENT_DIRS.some((d) => p.startsWith(root + d)) && /\/problem\.[a-z-]+\.(md|tex)$/i.test(p))
    .sort(naturalCompare)[0];
  if (other) {
    const file = other.slice(root.length);
    const lang = /problem\.([a-z-]+)\.(md|tex)$/i.exec(file)?.[1] ?? "?";
    const s = file.endsWith(".md") ? md(file) : tex(file);
    return { ...s, note: `the statement is only in language '${lang}' (${file})` };
  }
  const pdf = zip.names.some((n) => n.startsWith(root) && STATEMENT_DIRS.some((d) => n.startsWith(root + d)) && n.endsWith(".pdf"));
  return {
    text: "",
    title: null,
    images: 0,
    note: pdf ? "the statement is only a PDF (not imported)" : "no statement found (problem_statement/problem.en.md or .tex)",
  };
}

function readCases(zip: Zip, root: string, warnings: string[]): ImportedTestCase[] {
  const cases: ImportedTestCase[] = [];
  for (const [group, hidden] of [
    ["data/sample/", false],
    ["data/secret/", true],
  ] as const) {
    const inputs = [...zip.files.keys()]
      .filter((p) => p.startsWith(root + group) && p.endsWith(".in"))
      .sort(naturalCompare);
    for (const path of inputs) {
      const rel = path.slice(root.length);
      const answer = zip.files.get(path.slice(0, -3) + ".ans");
      if (!answer) {
        warnings.push(`${rel} has no matching .ans: skipped`);
        continue;
      }
      const input = decodeUtf8(zip.files.get(path)!);
      const output = decodeUtf8(answer);
      if (!input.valid || !output.valid) warnings.push(`${rel.slice(0, -3)} is not valid UTF-8 text: unreadable bytes were replaced`);
      cases.push({ input: normalizeTestData(input.text), expectedOutput: normalizeTestData(output.text), hidden, points: null });
    }
  }
  return cases;
}

function readPackage(zip: Zip, root: string, fallbackTitle: string, sourceRef: string): Outcome {
  const warnings: string[] = [];
  const notes: string[] = [];
  const yamlText = text(zip, root + "problem.yaml");
  let meta: Record<string, unknown> = {};
  if (yamlText !== null) {
    try {
      const parsed: unknown = parseYaml(yamlText);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) meta = parsed as Record<string, unknown>;
    } catch (e) {
      const message = (e instanceof Error ? e.message : String(e)).split("\n")[0];
      return { title: fallbackTitle, reason: `${root}problem.yaml cannot be read: ${message}` };
    }
  }

  const statement = readStatement(zip, root);
  const named = yamlName(meta.name);
  const title = named ?? statement.title ?? fallbackTitle;
  // A markdown heading that is not the title is part of the statement: keep it.
  if (statement.heading && named && statement.title !== named) statement.text = normalizeText(statement.heading + statement.text);
  if (statement.note) warnings.push(statement.note);
  if (statement.images > 0) warnings.push(`${plural(statement.images, "statement image")} dropped (images are not imported)`);

  // Output checking (issue 35): validator flags become the bank's checkers, a
  // single-file C++ output validator its custom checker; the rest is warned about.
  const validation = typeof meta.validation === "string" ? meta.validation.trim() : "";
  const types = (Array.isArray(meta.type) ? meta.type : [meta.type]).filter((t): t is string => typeof t === "string");
  const interactive = /\binteractive\b/.test(validation) || types.includes("interactive");
  const grading: QuestionGradingModel = { timeLimitMs: null, memoryLimitMb: null, checker: null };
  const validator = readValidator(zip, root);
  if (interactive) warnings.push(CUSTOM_VALIDATOR_WARNING);
  else if (validator.kind === "source") grading.checker = { type: "custom", source: validator.source };
  else if (validator.kind === "unusable") warnings.push(validator.warning);
  else if (validation.startsWith("custom")) warnings.push(CUSTOM_VALIDATOR_WARNING);
  else {
    const flags = readValidatorFlags(meta.validator_flags ?? meta.output_validator_args);
    grading.checker = flags.checker;
    warnings.push(...flags.warnings);
  }
  if (interactive) warnings.push("interactive problem: here the program only gets the .in file on stdin");
  if (/\bscore\b/.test(validation) || types.includes("scoring")) notes.push("scoring problem in the package: imported as pass/fail cases");

  // What the package says that the bank has no field for.
  for (const key of ["author", "source", "source_url", "license", "rights_owner"]) {
    const v = meta[key];
    if (typeof v === "string" || typeof v === "number") notes.push(`${key.replace("_", " ")}: ${singleLine(String(v))}`);
  }
  const limits = meta.limits && typeof meta.limits === "object" ? (meta.limits as Record<string, unknown>) : {};
  const timelimit = text(zip, root + ".timelimit")?.trim();
  const seconds = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : null);
  // time_limit (the 2023 format); else the legacy time_multiplier times the reference solution's
  // time, which DOMjudge stores as .timelimit; a multiplier without it cannot be computed here.
  const timeLimit = seconds(limits.time_limit);
  const multiplier = seconds(limits.time_multiplier);
  let limitSeconds: number | null = null;
  if (timeLimit !== null) limitSeconds = timeLimit;
  else if (timelimit) limitSeconds = Number(timelimit);
  else if (multiplier !== null) notes.push(`time multiplier ${multiplier} in the package, without the reference solution's time (.timelimit): the runner's default time limit applies`);
  if (limitSeconds !== null) {
    const bounded = boundedLimit("timeMs", limitSeconds * 1000, "time limit");
    grading.timeLimitMs = bounded.value;
    if (bounded.warning) warnings.push(bounded.warning);
  }
  const memory = seconds(limits.memory);
  if (memory !== null) {
    const bounded = boundedLimit("memoryMb", memory, "memory limit");
    grading.memoryLimitMb = bounded.value;
    if (bounded.warning) warnings.push(bounded.warning);
  }

  const testCases = readCases(zip, root, warnings);
  if (testCases.length === 0)
    return { title, reason: "no test data: data/sample and data/secret have no .in files with a matching .ans" };

  return {
    question: {
      kind: "coding",
      title,
      text: statement.text,
      category: IMPORTED_CATEGORY,
      language: null,
      testCases,
      sourceRef,
      notes,
      ...(grading.timeLimitMs !== null || grading.memoryLimitMb !== null || grading.checker !== null ? { grading } : {}),
    },
    warnings,
  };
}

type Validator = { kind: "none" } | { kind: "source"; source: string } | { kind: "unusable"; warning: string };

/**
 * The package's output validator: none, one C++ file (the bank's custom
 * checker), or something the bank cannot run (several files, another
 * language, several validators, too long).
 */
function readValidator(zip: Zip, root: string): Validator {
  const files = zip.names.filter((n) => VALIDATOR_DIRS.some((d) => n.startsWith(root + d)) && !n.endsWith("/") && !isJunk(n));
  if (files.length === 0) return { kind: "none" };
  const rel = (n: string) => n.slice(root.length);
  if (files.length > 1)
    return { kind: "unusable", warning: `${CUSTOM_VALIDATOR_WARNING} (${files.length} files: ${files.slice(0, 3).map(rel).join(", ")}${files.length > 3 ? ", …" : ""})` };
  const [only] = files as [string];
  if (!CPP_SOURCE.test(only)) return { kind: "unusable", warning: `${CUSTOM_VALIDATOR_WARNING} (${rel(only)})` };
  const source = text(zip, only) ?? "";
  if (source.trim() === "") return { kind: "unusable", warning: `${CUSTOM_VALIDATOR_WARNING} (${rel(only)} is empty)` };
  if (source.length > MAX_CHECKER_SOURCE_CHARS)
    return { kind: "unusable", warning: `${CUSTOM_VALIDATOR_WARNING} (${rel(only)} is over ${MAX_CHECKER_SOURCE_CHARS.toLocaleString("en-US")} characters)` };
  return { kind: "source", source };
}

const KNOWN_FLAGS = ["case_sensitive", "space_change_sensitive", "float_tolerance", "float_absolute_tolerance", "float_relative_tolerance"];

/**
 * The default output validator's flags as one of the bank's checkers. Kattis
 * compares tokens ignoring case and spacing unless told otherwise; with no
 * flags at all the bank keeps its exact check (which a package's answers
 * match), so only a package that sets flags gets a lenient checker.
 */
export function readValidatorFlags(raw: unknown): { checker: Checker | null; warnings: string[] } {
  const tokens = (Array.isArray(raw) ? raw.map(String).join(" ") : typeof raw === "string" || typeof raw === "number" ? String(raw) : "")
    .split(/\s+/)
    .filter(Boolean);
  if (tokens.length === 0) return { checker: null, warnings: [] };
  const warnings: string[] = [];
  const flags = new Set<string>();
  let absolute: number | null = null;
  let relative: number | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const flag = tokens[i]!;
    if (!KNOWN_FLAGS.includes(flag)) {
      warnings.push(`validator flag "${flag}" is not supported: ignored`);
      continue;
    }
    if (!flag.startsWith("float_")) {
      flags.add(flag);
      continue;
    }
    const value = Number(tokens[i + 1]);
    i++;
    if (!Number.isFinite(value) || value < 0 || value > 1) {
      warnings.push(`validator flag ${flag} ${tokens[i] ?? ""} is not a tolerance from 0 to 1: ignored`.replace(/ +:/, ":"));
      continue;
    }
    flags.add(flag);
    if (flag !== "float_relative_tolerance") absolute = value;
    if (flag !== "float_absolute_tolerance") relative = value;
  }
  const caseSensitive = flags.has("case_sensitive");
  const spaceSensitive = flags.has("space_change_sensitive");
  if (absolute !== null || relative !== null)
    return { checker: { type: "tolerance", absolute: absolute ?? 0, relative: relative ?? 0, caseSensitive, spaceSensitive }, warnings };
  if (caseSensitive && spaceSensitive) return { checker: null, warnings };
  if (caseSensitive) return { checker: { type: "whitespace" }, warnings };
  if (spaceSensitive) return { checker: { type: "case" }, warnings };
  if (flags.size === 0) return { checker: null, warnings };
  // Flags that set neither (float ones that were refused): Kattis's token compare ignoring case and spacing.
  warnings.push("the comparison ignores letter case as well in the package: imported as Ignore whitespace (case sensitive)");
  return { checker: { type: "whitespace" }, warnings };
}

/** A checker as problem.yaml's legacy validator_flags (null: no flags, the custom checker or the exact check). */
export function validatorFlagsOf(checker: Checker | null | undefined): string | null {
  if (!checker) return null;
  switch (checker.type) {
    case "exact":
    case "custom":
      return null;
    case "whitespace":
      return "case_sensitive";
    case "case":
      return "space_change_sensitive";
    case "tolerance":
      return [
        `float_absolute_tolerance ${checker.absolute}`,
        `float_relative_tolerance ${checker.relative}`,
        checker.caseSensitive !== false ? "case_sensitive" : null,
        checker.spaceSensitive ? "space_change_sensitive" : null,
      ]
        .filter(Boolean)
        .join(" ");
  }
}

/** The zip's file name without folders or extension: the title of last resort. */
function baseName(fileName: string): string {
  const base = fileName.replace(/\\/g, "/").split("/").pop() ?? "";
  return base.replace(/\.[^.]*$/, "") || "Imported problem";
}

/**
 * Read a problem package (.zip): one package at the root or in one top folder,
 * or several packages, one per folder. Throws {@link FormatError} for a zip
 * that cannot be read, is over the size cap, or holds no package.
 */
export function parseProblemPackage(zip: Uint8Array, fileName: string): ParseResult {
  const unzipped = unzip(zip);
  const roots = findRoots(unzipped.names);
  if (roots.length === 0)
    throw new FormatError("Not a problem package: no problem.yaml and no data/sample or data/secret folder in this .zip");

  const result: ParseResult = { questions: [], skipped: [], warnings: [], categories: [] };
  for (const root of roots) {
    // With several packages, each folder's name beats the zip's for a title.
    const fallback = roots.length > 1 && root ? root.replace(/\/$/, "").split("/").pop()! : baseName(fileName);
    const sourceRef = unzipped.files.has(`${root}problem.yaml`) ? `${root}problem.yaml` : root || fileName;
    const outcome = readPackage(unzipped, root, fallback, sourceRef);
    if ("reason" in outcome) {
      result.skipped.push({ title: outcome.title, sourceRef, reason: outcome.reason });
      continue;
    }
    result.questions.push(outcome.question);
    for (const w of outcome.warnings) result.warnings.push(`problem '${outcome.question.title}': ${w}`);
  }
  return result;
}

// ---------------------------------------------------------------- write

/**
 * Write a bank coding question as a problem package: problem.yaml (name,
 * validation, validator_flags for a lenient checker, limits), its custom
 * checker in output_validators/checker/checker.cpp, the statement in
 * problem_statement/problem.en.md, open cases in data/sample and hidden ones
 * in data/secret. Language and points have no place in the format and are
 * not written.
 */
export function toProblemPackage(q: ExportQuestion & { kind: "coding" }): Uint8Array {
  const encode = (s: string) => new TextEncoder().encode(s);
  const checker = q.grading?.checker ?? null;
  const flags = validatorFlagsOf(checker);
  const limits = {
    ...(q.grading?.timeLimitMs != null ? { time_limit: Number((q.grading.timeLimitMs / 1000).toFixed(3)) } : {}),
    ...(q.grading?.memoryLimitMb != null ? { memory: q.grading.memoryLimitMb } : {}),
  };
  const yaml = {
    name: singleLine(q.title),
    validation: checker?.type === "custom" ? "custom" : "default",
    ...(flags ? { validator_flags: flags } : {}),
    ...(Object.keys(limits).length > 0 ? { limits } : {}),
  };
  const files: Record<string, Uint8Array> = {
    "problem.yaml": encode(stringifyYaml(yaml, { lineWidth: 0 })),
    "problem_statement/problem.en.md": encode(`${normalizeText(q.text)}\n`),
  };
  if (checker?.type === "custom") files[CHECKER_PATH] = encode(checker.source);
  const write = (dir: string, cases: typeof q.testCases) => {
    // Zero-padded when there are 10 or more, so that tools sorting by name keep the order.
    const width = String(cases.length).length;
    cases.forEach((tc, k) => {
      const id = String(k + 1).padStart(width, "0");
      files[`data/${dir}/${id}.in`] = encode(tc.input);
      files[`data/${dir}/${id}.ans`] = encode(tc.expectedOutput);
    });
  };
  write("sample", q.testCases.filter((tc) => !tc.hidden));
  write("secret", q.testCases.filter((tc) => tc.hidden));
  return zipSync(files, { level: 6 });
}
