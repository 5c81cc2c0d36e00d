/**
 * Van loads of one event date and province (passengers are picked up at home, not at a meeting point). Pure:
 * the same pick-ups give the same loads, in the same order, whoever asks.
 *
 * The rule (docs/decisions.md): pick-ups at one address (same county, same address once accents, case and
 * spacing are ignored) are one stop. Counties are served one after the other (by name), and a load never mixes
 * counties, so a county's stops stay together. Within a county the stops go in address order and fill a van
 * up to `vehicleSeats` passengers before the next vehicle starts; a stop with more passengers than a vehicle holds is
 * split over consecutive vehicles. No vehicle ever carries more than `vehicleSeats`.
 */

/** One passenger to collect at one address. */
export interface Pickup<P> {
  countyId: number;
  countyName: string;
  address: string;
  passenger: P;
}

export interface LoadStop<P> {
  /** The stop's identity across loads and requests: county id and the address as compared. */
  key: string;
  countyId: number;
  countyName: string;
  address: string;
  passengers: P[];
}

export interface Load<P> {
  /** 1-based, in the order loads are listed. */
  number: number;
  countyId: number;
  countyName: string;
  /** Passengers on board (never more than the van's seats). */
  seats: number;
  stops: LoadStop<P>[];
}

/** How two typed addresses are compared: "Calle 10 # 5-20" and "calle 10  #5-20" are one stop. */
export function comparableAddress(address: string): string {
  return address
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s*([#,.-])\s*/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

export function stopKey(countyId: number, address: string): string {
  return `${countyId}:${comparableAddress(address)}`;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function groupLoads<P extends { id: number }>(pickups: readonly Pickup<P>[], vehicleSeats: number): Load<P>[] {
  if (!Number.isInteger(vehicleSeats) || vehicleSeats < 1) throw new RangeError("vehicleSeats must be a positive integer");
  const stops = new Map<string, LoadStop<P>>();
  for (const pickup of pickups) {
    const key = stopKey(pickup.countyId, pickup.address);
    const stop = stops.get(key) ?? { key, countyId: pickup.countyId, countyName: pickup.countyName, address: pickup.address.trim(), passengers: [] };
    stop.passengers.push(pickup.passenger);
    stops.set(key, stop);
  }
  const ordered = [...stops.values()].sort(
    (a, b) =>
      a.countyName.localeCompare(b.countyName, "es") ||
      a.countyId - b.countyId ||
      byText(comparableAddress(a.address), comparableAddress(b.address)) ||
      byText(a.key, b.key),
  );
  for (const stop of ordered) stop.passengers.sort((a, b) => a.id - b.id);

  const loads: Load<P>[] = [];
  let current: Load<P> | undefined;
  for (const stop of ordered) {
    let waiting = stop.passengers;
    while (waiting.length > 0) {
      if (!current || current.countyId !== stop.countyId || current.seats === vehicleSeats || (current.seats + waiting.length > vehicleSeats && waiting.length <= vehicleSeats)) {
        current = { number: loads.length + 1, countyId: stop.countyId, countyName: stop.countyName, seats: 0, stops: [] };
        loads.push(current);
      }
      const boarding = waiting.slice(0, vehicleSeats - current.seats);
      waiting = waiting.slice(boarding.length);
      current.stops.push({ ...stop, passengers: boarding });
      current.seats += boarding.length;
    }
  }
  return loads;
}
