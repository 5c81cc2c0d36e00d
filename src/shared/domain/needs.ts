/**
 * What a passenger may need on board, and what a vehicle may carry: a wheelchair space, a child seat, room for
 * large luggage. A passenger's needs go only in a vehicle that carries every one of them.
 */
export const NEED = { wheelchair: "wheelchair", child_seat: "child_seat", large_luggage: "large_luggage" } as const;
export const NEEDS = [NEED.wheelchair, NEED.child_seat, NEED.large_luggage] as const;
export type Need = (typeof NEEDS)[number];
