/**
 * A function's answers kept by the text they were asked for, at most `limit` of them: once full, all are forgotten
 * and kept afresh. For pure answers asked over and over with the same few texts on a hot path (a statement's text,
 * a page's url), where a least-recently-used order would cost more than it saves; any text a caller sends costs at
 * most one computation, never memory beyond the limit.
 */
export function boundedMemo<T>(limit: number, compute: (text: string) => T): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    if (kept.has(text)) return kept.get(text)!;
    const answer = compute(text);
    if (kept.size >= limit) kept.clear();
    kept.set(text, answer);
    return answer;
  };
}
