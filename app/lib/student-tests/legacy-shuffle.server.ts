// The per-student order tests had before draws were stored (decision 040): a
// SHA-256 key per question, seeded with the student and the room. Kept only
// to write the draw of a test that started before sections, exactly as it was.

/** Shuffles computed in this isolate (a class autosaving asks for the same ones every 2 s), bounded. */
const shuffles = new Map<string, readonly string[]>();
const SHUFFLES_KEPT = 2000;

/** A stable per-student order, so every student sees their own shuffle on every load. */
export async function shuffleFor(seed: string, ids: string[]) {
  const memo = `${seed}\0${ids.join(",")}`;
  const known = shuffles.get(memo);
  if (known) return known;
  const shuffled: readonly string[] = await computeShuffle(seed, ids);
  shuffles.set(memo, shuffled);
  if (shuffles.size > SHUFFLES_KEPT) shuffles.delete(shuffles.keys().next().value!);
  return shuffled;
}

async function computeShuffle(seed: string, ids: string[]) {
  const keyed = await Promise.all(
    ids.map(async (id) => {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${seed}:${id}`)));
      return { id, key: Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("") };
    }),
  );
  return keyed.sort((a, b) => (a.key < b.key ? -1 : 1)).map((k) => k.id);
}

/** The seed a test's legacy order used. */
export const legacySeed = (studentId: string, roomId: string) => `${studentId}:${roomId}`;
