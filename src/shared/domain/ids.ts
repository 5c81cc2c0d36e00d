/** Database ids: PostgreSQL `integer` (int4) columns, so positive and at most 2^31 - 1. */
export const MAX_DB_ID = 2_147_483_647;

/** A number that can be a row id; a larger one names no row (and must not reach the database). */
export function isDbId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 1 && value <= MAX_DB_ID;
}

/** A row id from a path or query (digits, surrounding spaces ignored); null when it cannot name a row. */
export function parseDbId(raw: string | undefined): number | null {
  const text = raw?.trim() ?? "";
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return isDbId(id) ? id : null;
}
