/**
 * How the day went: staff open the demo's past date (yesterday, replayed) at 390 and 1280 px, see its charts and
 * read a chart's table instead: the van of Suba 12 minutes late, the no-show, the low rating with its comment.
 */
import { expect, test } from "./reused-page";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { signIn } from "./booking-helpers";
import { watchConsole } from "./content-helpers";

for (const width of [390, 1280]) {
  test(`the day's report of the demo's past date reads as charts and as tables at ${width} px`, async ({ page, request }) => {
    const errors = watchConsole(page);
    // The charts' library says in the console when it has to guess what the data mean: none of its warnings either.
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, request, { ...DEMO_ACCOUNTS.staff, firstName: "Staff", lastName: "Rodamos" });
    await page.goto("/staff/day-report");
    const report = page.getByTestId("day-report");
    const choose = report.getByLabel("Fecha");
    await expect(choose.locator("option", { hasText: "Expoartesanías" })).toHaveCount(1);
    await choose.selectOption({ label: (await choose.locator("option", { hasText: "Expoartesanías" }).textContent())! });
    await expect(page).toHaveURL(/\/staff\/day-report\?eventDateId=\d+$/);

    const lateness = report.getByTestId("lateness-chart");
    await expect(lateness.locator("svg").first()).toBeVisible();
    const box = await lateness.locator("svg").first().boundingBox();
    expect(box!.width).toBeLessThanOrEqual(width);
    await expect(report.getByText("No se presentaron")).toBeVisible();

    await lateness.getByRole("button", { name: "Ver como tabla" }).click();
    const table = lateness.getByRole("table");
    await expect(table.getByRole("row").filter({ hasText: "Calle 145 # 91-19" }).first()).toContainText("12 (Tarde)");
    await expect(lateness.getByRole("button", { name: "Ver como gráfico" })).toHaveAttribute("aria-pressed", "true");

    // The day's tracks, drawn without map tiles, and their table.
    const map = report.getByTestId("map-chart");
    await expect(map.locator("svg path").first()).toBeVisible();
    await map.getByRole("button", { name: "Ver como tabla" }).click();
    await expect(map.getByRole("row").filter({ hasText: "DEMO-202" }).first()).toContainText("Calle 145 # 91-19");

    await expect(report.getByRole("listitem").filter({ hasText: "12 minutos tarde" })).toBeVisible();
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });
}
