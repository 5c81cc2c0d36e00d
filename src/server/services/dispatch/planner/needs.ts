/**
 * Needs on board: a group whose passengers need a wheelchair space, a child seat or room for large luggage rides
 * only in a vehicle that carries every one of them. A run needs what any of its groups needs; a run without a
 * vehicle yet ("vehicle needed") carries nothing until the dispatcher gives it one that does.
 */
import type { Need } from "../../../../shared/domain/needs";

/** Whether a vehicle carrying `carries` (null: no vehicle yet) can take passengers needing `needs`. */
export function carriesAll(carries: readonly Need[] | null | undefined, needs: readonly Need[]): boolean {
  if (needs.length === 0) return true;
  return needs.every((need) => (carries ?? []).includes(need));
}

/** Every need of the groups, once each. */
export function needsOf(groups: readonly { needs?: readonly Need[] }[]): Need[] {
  return [...new Set(groups.flatMap((group) => group.needs ?? []))].sort();
}
