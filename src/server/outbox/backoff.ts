/** When a failed side effect is tried again: 5 s, 10 s, 20 s … doubling up to an hour; after 12 tries it waits for staff. */
export const OUTBOX_MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 5_000;
const LONGEST_WAIT_MS = 60 * 60_000;

/** The wait after the `attempts`-th failed try (1-based). */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LONGEST_WAIT_MS);
}
