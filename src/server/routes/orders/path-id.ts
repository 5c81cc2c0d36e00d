/** An order id from a path: anything that is not a database id is an order nobody has (404). */
import { ApiError } from "../../http/answer";

export function orderIdParam(value: string | undefined): number {
  const id = /^\d{1,10}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new ApiError(404, "not_found");
  return id;
}
