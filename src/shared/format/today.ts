/** The day in Bogotá as yyyy-mm-dd, so "today" does not flip at 19:00 local time. */
export function todayIso(now = new Date(), timeZone = "America/Bogota"): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
