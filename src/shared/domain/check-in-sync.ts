/**
 * What became of a check-in a van door recorded offline once it reaches the shop: `new` it boarded someone;
 * `repeat` it was applied before (the same nonce sent again) or boarded nobody new; `conflict` another door had
 * let one of its passengers in on the same leg while both were offline (both scans kept, the earliest stands);
 * `refused` the ticket may not ride (with the refusal's code).
 */
export const SYNC_OUTCOMES = ["new", "repeat", "conflict", "refused"] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];
