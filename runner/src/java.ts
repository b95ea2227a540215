// Java's public class may have any name. The source file must be named after
// the public class, and the program starts at whichever class holds main.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Removes comments, string and char literals, keeping offsets stable enough for brace matching. */
function stripNoise(source: string): string {
  return source.replace(
    /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g,
    (m) => m.replace(/[^\n]/g, " "),
  );
}

const CLASS_DECL = /\b(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)/g;
const MAIN_DECL = /\bstatic\s+(?:final\s+)?(?:synchronized\s+)?void\s+main\s*\(/g;

/** The file name javac needs: the public top-level class, else the first class. */
export function javaSourceClass(source: string): string {
  const clean = stripNoise(source);
  const publicClass = /\bpublic\s+(?:final\s+|abstract\s+|sealed\s+|non-sealed\s+)*(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)/.exec(clean);
  if (publicClass) return publicClass[1]!;
  const first = /\b(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)/.exec(clean);
  return first?.[1] ?? "Main";
}

/** The binary name of the class whose body declares main, from the source. */
export function javaMainClassFromSource(source: string): string | null {
  const clean = stripNoise(source);
  const mains = [...clean.matchAll(MAIN_DECL)].map((m) => m.index!);
  if (mains.length === 0) return null;
  // Walk the braces, tracking which class body each position is in.
  const classStarts = [...clean.matchAll(CLASS_DECL)].map((m) => ({ name: m[1]!, at: m.index! }));
  const stack: { name: string | null; depth: number }[] = [];
  let pendingClass: string | null = null;
  let depth = 0;
  let nextClass = 0;
  for (let i = 0; i < clean.length; i++) {
    while (nextClass < classStarts.length && classStarts[nextClass]!.at === i) pendingClass = classStarts[nextClass++]!.name;
    if (i === mains[0]) {
      const names = stack.filter((s) => s.name).map((s) => s.name!);
      return names.length ? names.join("$") : null;
    }
    const ch = clean[i];
    if (ch === "{") {
      depth++;
      stack.push({ name: pendingClass, depth });
      pendingClass = null;
    } else if (ch === "}") {
      stack.pop();
      depth--;
    } else if (ch === ";" && pendingClass) {
      pendingClass = null;
    }
  }
  return null;
}

/** Falls back to the compiled classes: the one whose constant pool has main([Ljava/lang/String;)V. */
export function javaMainClassFromClassFiles(dir: string): string | null {
  const candidates = readdirSync(dir).filter((f) => f.endsWith(".class"));
  for (const file of candidates) {
    const bytes = readFileSync(join(dir, file));
    if (bytes.includes("main") && bytes.includes("([Ljava/lang/String;)V")) return file.slice(0, -".class".length);
  }
  return null;
}
