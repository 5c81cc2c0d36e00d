/** The two legs of a transfer: home to the venue (outbound) and the venue back home (return). */
export const LEG = { outbound: "outbound", return: "return" } as const;
export const LEGS = [LEG.outbound, LEG.return] as const;
export type Leg = (typeof LEGS)[number];

export function isLeg(value: unknown): value is Leg {
  return typeof value === "string" && (LEGS as readonly string[]).includes(value);
}
