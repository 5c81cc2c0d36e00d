/**
 * What became of a check-in a van door recorded offline once it reaches the shop: `new` it boarded someone;
 * `repeat` it was applied before (the same nonce sent again) or boarded nobody new; `conflict` another door had
 * let one of its passengers in on the same leg while both were offline (both scans kept, the earliest stands);
 * `refused` the ticket may not ride (with the refusal's code).
 */
export const SYNC_OUTCOME = { new: "new", repeat: "repeat", conflict: "conflict", refused: "refused" } as const;
export const SYNC_OUTCOMES = [SYNC_OUTCOME.new, SYNC_OUTCOME.repeat, SYNC_OUTCOME.conflict, SYNC_OUTCOME.refused] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];
