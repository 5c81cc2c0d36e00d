/**
 * POST /shop-api/driver/positions: where the driver's van was, sent by the phone in batches while a run is under way
 * (queued on the phone while offline, each fix with the phone's own time, so a batch may arrive late and out of order).
 */
import * as z from "zod/mini";
import { MAX_POSITIONS_PER_CALL } from "../domain/dispatch";

const rowId = z.number({ error: "errors.invalid_id" }).check(z.int("errors.invalid_id"), z.positive("errors.invalid_id"), z.lte(2_147_483_647, "errors.invalid_id"));

export const vehiclePositionSchema = z.object({
  lat: z.number({ error: "errors.position_out_of_range" }).check(z.gte(-90, "errors.position_out_of_range"), z.lte(90, "errors.position_out_of_range")),
  lon: z.number({ error: "errors.position_out_of_range" }).check(z.gte(-180, "errors.position_out_of_range"), z.lte(180, "errors.position_out_of_range")),
  /** The fix's accuracy radius in metres (Geolocation's `coords.accuracy`); null when the phone gave none. */
  accuracy: z.nullable(
    z.number({ error: "errors.position_accuracy_out_of_range" }).check(z.gte(0, "errors.position_accuracy_out_of_range"), z.lte(100_000, "errors.position_accuracy_out_of_range")),
  ),
  /** When the fix was taken, by the phone's clock. */
  at: z.iso.datetime({ offset: true, error: "form.date_invalid" }),
});
export type VehiclePositionInput = z.infer<typeof vehiclePositionSchema>;

export const vehiclePositionsSchema = z.object({
  runId: rowId,
  positions: z.array(vehiclePositionSchema, { error: "errors.positions_per_call" }).check(
    z.minLength(1, "errors.positions_per_call"),
    z.maxLength(MAX_POSITIONS_PER_CALL, "errors.positions_per_call"),
  ),
});
export type VehiclePositionsInput = z.infer<typeof vehiclePositionsSchema>;

/** The answer: how many fixes were stored now and how many the shop had already (the same run and instant). */
export const vehiclePositionsAnswerSchema = z.object({ stored: z.number(), duplicates: z.number() });
export type VehiclePositionsAnswer = z.infer<typeof vehiclePositionsAnswerSchema>;
