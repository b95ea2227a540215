// Groups of students, from the pairs above the threshold (issue 23): isomorphic, and light (no engine).
/** Groups: students joined by pairs at or above the threshold (three who share one source are one group). */
export function groups(pairs: readonly { a: string; b: string; similarity: number }[], threshold: number): string[][] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (const p of pairs) {
    if (p.similarity < threshold) continue;
    for (const id of [p.a, p.b]) if (!parent.has(id)) parent.set(id, id);
    const ra = find(p.a);
    const rb = find(p.b);
    if (ra !== rb) parent.set(ra, rb);
  }
  const byRoot = new Map<string, string[]>();
  for (const id of parent.keys()) {
    const root = find(id);
    byRoot.set(root, [...(byRoot.get(root) ?? []), id]);
  }
  return [...byRoot.values()].map((g) => g.sort()).sort((g, h) => h.length - g.length || g[0]!.localeCompare(h[0]!));
}
