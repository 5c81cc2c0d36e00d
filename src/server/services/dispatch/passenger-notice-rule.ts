/**
 * Whether a published passenger is told (again): a passenger never told is; one already told only when the time
 * they act on moved by more than the threshold, or their vehicle changed. A passenger of an unpaid order never is.
 */
export interface LastTold {
  toldTime: Date | null;
  toldVehicleId: number | null;
}

export function mustTell(paid: boolean, last: LastTold | undefined, time: Date, vehicleId: number | null, thresholdMinutes: number): boolean {
  if (!paid) return false;
  if (!last || last.toldTime === null) return true;
  return Math.abs(last.toldTime.getTime() - time.getTime()) > thresholdMinutes * 60_000 || last.toldVehicleId !== vehicleId;
}
