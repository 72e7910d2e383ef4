/**
 * The closest of a set of names, as PostgREST finds it for its "Perhaps you meant ..." hints
 * (its FuzzySet: n-grams of sizes 3 then 2 of the lower-cased name padded with '-', cosine
 * similarity, the best matches re-scored by Levenshtein distance; nothing below 0.34).
 */

const MIN_SCORE = 0.34;

function normalized(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}, ]/gu, '');
}

function grams(s: string, n: number): Map<string, number> {
  const padded = `-${s}-`;
  const out = new Map<string, number>();
  for (let i = 0; i + n <= padded.length; i++) {
    const g = padded.slice(i, i + n);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [g, n] of a) dot += n * (b.get(g) ?? 0);
  const norm = (m: Map<string, number>) =>
    Math.sqrt([...m.values()].reduce((s, n) => s + n * n, 0));
  const d = norm(a) * norm(b);
  return d === 0 ? 0 : dot / d;
}

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return prev[b.length] as number;
}

/**
 * Longer names get no hint: PostgreSQL's identifiers are at most 63 bytes, so nothing can match
 * them, and the edit distance costs the name's length times each candidate's (a request naming a
 * function with a megabyte of text must not keep the server busy).
 */
const MAX_NAME_LENGTH = 256;

/** The candidate closest to `wanted`, or null when none is close enough. */
export function closestName(wanted: string, candidates: readonly string[]): string | null {
  if (wanted.length > MAX_NAME_LENGTH) return null;
  const w = normalized(wanted);
  if (!w) return null;
  for (const n of [3, 2]) {
    const wg = grams(w, n);
    const scored = candidates
      .map((c) => ({ c, score: cosine(wg, grams(normalized(c), n)) }))
      .filter((x) => x.score > 0)
      .sort((x, y) => y.score - x.score)
      .slice(0, 50);
    if (!scored.length) continue;
    const best = scored
      .map(({ c }) => {
        const nc = normalized(c);
        const len = Math.max(nc.length, w.length);
        return { c, score: len === 0 ? 1 : 1 - levenshtein(w, nc) / len };
      })
      .sort((x, y) => y.score - x.score)[0];
    return best && best.score >= MIN_SCORE ? best.c : null;
  }
  return null;
}
