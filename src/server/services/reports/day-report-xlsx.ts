/**
 * The day's report as a workbook: a sheet of runs and a sheet of stops, with typed cells (numbers as numbers,
 * times as date cells in the event's time zone, text as text), header rows frozen by the exports' writer.
 */
import { utils as sheetUtils, write as writeWorkbook, type CellObject, type WorkSheet } from "@e965/xlsx";
import type { DayReport } from "../../../shared/schemas/answers/day-report";

type Cell = string | number | Date | null;

/** A date cell showing the wall-clock time of the event's zone (spreadsheets have no zones). */
function local(iso: string | null, timeZone: string): Date | null {
  if (!iso) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)));
}

function sheetOf(header: string[], rows: Cell[][]): WorkSheet {
  const sheet: WorkSheet = {};
  header.forEach((title, c) => (sheet[sheetUtils.encode_cell({ r: 0, c })] = { t: "s", v: title }));
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      if (value === null || value === "") return;
      const cell: CellObject =
        value instanceof Date ? { t: "d", v: value, z: "yyyy-mm-dd hh:mm" } : typeof value === "number" ? { t: "n", v: value, z: Number.isInteger(value) ? "0" : "0.00" } : { t: "s", v: value };
      sheet[sheetUtils.encode_cell({ r: r + 1, c })] = cell;
    }),
  );
  const range = { s: { r: 0, c: 0 }, e: { r: rows.length, c: header.length - 1 } };
  sheet["!ref"] = sheetUtils.encode_range(range);
  sheet["!autofilter"] = { ref: sheetUtils.encode_range(range) };
  sheet["!cols"] = header.map((title) => ({ wch: Math.max(10, Math.min(40, title.length + 4)) }));
  return sheet;
}

export function dayReportXlsx(report: DayReport): Uint8Array<ArrayBuffer> {
  const zone = report.timeZone;
  const runs = sheetOf(
    ["run", "leg", "vehicle", "driver", "seats", "booked", "boarded", "no_shows", "seat_use", "late_p50_min", "late_p90_min", "late_max_min", "on_time_share", "venue_published", "venue_actual", "venue_late_min", "vehicle_minutes", "vehicle_km", "empty_km", "co2_kg", "rating", "ratings"],
    report.runs.map((run) => [
      run.runId,
      run.leg,
      run.vehicle?.plate ?? null,
      run.driver?.name ?? null,
      run.seats,
      run.booked,
      run.boarded,
      run.noShows,
      run.seatUtilisation,
      run.lateMinutes?.p50 ?? null,
      run.lateMinutes?.p90 ?? null,
      run.lateMinutes?.max ?? null,
      run.onTimeShare,
      local(run.venue.publishedAt, zone),
      local(run.venue.actualAt, zone),
      run.venue.lateMinutes,
      run.vehicleMinutes,
      run.vehicleKm,
      run.emptyKm,
      run.co2Kg,
      run.rating,
      run.ratings,
    ]),
  );
  const stops = sheetOf(
    ["run", "leg", "stop", "address", "published", "actual", "source", "late_min", "punctuality", "booked", "boarded", "no_shows"],
    report.runs.flatMap((run) =>
      run.stops.map((stop) => [run.runId, run.leg, stop.position + 1, stop.address, local(stop.publishedAt, zone), local(stop.actualAt, zone), stop.source, stop.lateMinutes, stop.punctuality, stop.booked, stop.boarded, stop.noShows]),
    ),
  );
  const book = sheetUtils.book_new();
  sheetUtils.book_append_sheet(book, runs, "runs");
  sheetUtils.book_append_sheet(book, stops, "stops");
  const written = writeWorkbook(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;
  return new Uint8Array(written);
}
