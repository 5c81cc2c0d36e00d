/** A row id from a path: anything that cannot be a database id names no row, so 404 like a row that is not the caller's. */
import { parseDbId } from "../../shared/domain/ids";
import { ApiError } from "./answer";

export function pathId(value: string | undefined): number {
  const id = parseDbId(value);
  if (id === null) throw new ApiError(404, "not_found");
  return id;
}
