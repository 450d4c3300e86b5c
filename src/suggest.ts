/**
 * "Did you mean": the known names closest to a mistyped one (edit distance, bounded lengths).
 */

/** Levenshtein distance, or `limit + 1` as soon as it is sure to exceed `limit`. */
function editDistance(a: string, b: string, limit = 3): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a.length > 256 || b.length > 256) return a === b ? 0 : limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/** Known names within a small edit distance of `name` (closest first, at most 3). */
export function closeNames(name: string, known: Iterable<string>): string[] {
  const limit = name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3;
  const lower = name.toLowerCase();
  return [...known]
    .map((k) => ({ k, d: editDistance(lower, k.toLowerCase(), limit) }))
    .filter((x) => x.d <= limit)
    .sort((x, y) => x.d - y.d || (x.k < y.k ? -1 : x.k > y.k ? 1 : 0))
    .slice(0, 3)
    .map((x) => x.k);
}

/** ` (did you mean "products"?)`, or an empty string. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const close = closeNames(name, known);
  if (close.length === 0) return '';
  return `; did you mean ${close.map((c) => JSON.stringify(c)).join(' or ')}?`;
}
