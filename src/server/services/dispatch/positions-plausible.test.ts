import { describe, expect, it } from "vitest";
import { implausibility, MAX_ACCURACY_METERS } from "./positions";

const at = (seconds: number) => new Date(Date.UTC(2026, 11, 30, 12, 0) + seconds * 1000);
const bogota = { lat: 4.65, lon: -74.08, accuracy: 10, when: at(0) };
/** A fix `km` north of Bogotá's, `seconds` later. */
const north = (km: number, seconds: number) => ({ ...bogota, lat: bogota.lat + km / 111.2, when: at(seconds) });

describe("a fix a van could have", () => {
  it("is inside the run's country, not (0, 0), and accurate enough", () => {
    expect(implausibility(bogota, "CO", null)).toBeNull();
    expect(implausibility({ ...bogota, lat: 0, lon: 0 }, "CO", null)).toBe("position_null_island");
    expect(implausibility({ ...bogota, lat: 40.42, lon: -3.7 }, "CO", null)).toBe("position_outside_country");
    expect(implausibility({ ...bogota, lat: 40.42, lon: -3.7 }, "ES", null)).toBeNull();
    expect(implausibility({ ...bogota, accuracy: MAX_ACCURACY_METERS }, "CO", null)).toBeNull();
    expect(implausibility({ ...bogota, accuracy: MAX_ACCURACY_METERS + 1 }, "CO", null)).toBe("position_inaccurate");
    expect(implausibility({ ...bogota, accuracy: null }, "CO", null)).toBeNull();
  });

  it("is reachable from the fix before at 200 km/h, judged over at least a minute, jitter aside", () => {
    // Jitter: 150 m in a second.
    expect(implausibility(north(0.15, 1), "CO", bogota)).toBeNull();
    // Seconds apart, within what a minute at 200 km/h covers (3.3 km): a GPS fix catching up, taken.
    expect(implausibility(north(3, 5), "CO", bogota)).toBeNull();
    expect(implausibility(north(3.5, 5), "CO", bogota)).toBe("position_too_fast");
    // Over longer spans the speed itself: 30 km in 10 minutes is 180 km/h, 40 km is 240.
    expect(implausibility(north(30, 600), "CO", bogota)).toBeNull();
    expect(implausibility(north(40, 600), "CO", bogota)).toBe("position_too_fast");
  });
});
