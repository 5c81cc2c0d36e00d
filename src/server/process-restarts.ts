/**
 * How many times `npm start` has started a shop process again after one died (src/server/server.ts): the primary
 * counts, and tells each serving process, which shows it in /metrics.
 */
let restarts = 0;

export function setProcessRestarts(count: number): void {
  if (Number.isSafeInteger(count) && count >= restarts) restarts = count;
}

export function processRestarts(): number {
  return restarts;
}
