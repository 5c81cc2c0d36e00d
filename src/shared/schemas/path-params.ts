/**
 * Path parameters that name a row: a row id, a personal link's token. One that does not fit its schema names
 * nothing the shop has, so the call is answered 404 `not_found`, as for a row that is not the caller's; any other
 * path parameter that does not fit is answered 422 `validation_failed` (the contract's reader decides, by these).
 */
import * as z from "zod/mini";

const NAMING_A_ROW = new WeakSet<object>();

/** Marks a path parameter's schema as naming a row (a miss answers 404). */
export function namesRow<S extends z.ZodMiniType>(schema: S): S {
  NAMING_A_ROW.add(schema);
  return schema;
}

export function isRowName(schema: unknown): boolean {
  return typeof schema === "object" && schema !== null && NAMING_A_ROW.has(schema);
}

/** A row id in a path: digits, read as the number (the reader answers 404 for one that cannot be a database id). */
export const pathRowId = namesRow(
  z.pipe(
    z.string().check(z.regex(/^\d+$/)),
    z.transform((value: string) => Number(value)),
  ),
);

/** `/…/{id}`: one row by its id. */
export const rowIdPath = z.object({ id: pathRowId });
