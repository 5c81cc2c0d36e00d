/**
 * Seats that follow the vans, as an admin sets them: on the demo's booked date of Jazz al Parque, a pool of 45
 * seats (three vans) shared by the "Van compartida" singles, pairs and groups of Bogotá shows the seats the
 * demo's paid orders took as sold, nothing held, and the rest left; each subcategory then shows the pool beside
 * it. Looked at 1280 and 390 px wide (screenshots with E2E_SHOTS set), without console errors.
 */
import { expect, test } from "./reused-page";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { DEMO_BOOKING_PASSENGERS } from "../../src/server/seed/bookings";
import { signIn } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { keepShot } from "./shots";

const ADMIN = { ...DEMO_ACCOUNTS.admin, firstName: "Admin", lastName: "Rodamos" };

test("an admin sets a pool for a date and sees its seats sold, held and left", async ({ page, request }) => {
  test.setTimeout(120_000);
  // The refused save below is a 409 the browser logs as a failed load; nothing else may be.
  const errors = watchConsole(page, [/status of 409/]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, request, ADMIN);
  await page.goto("/staff/seat-pools");
  await page.locator("astro-island:not([ssr])").first().waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { name: "Asientos por fecha" })).toBeVisible();

  const event = page.getByRole("combobox", { name: "Evento", exact: true });
  const value = await event.locator("option", { hasText: "Jazz al Parque" }).first().getAttribute("value");
  await event.selectOption(value!);
  const date = page.locator("section.admin-seats-date").first();
  await expect(date.getByText("Esta fecha no tiene cupos")).toBeVisible();

  await date.getByRole("button", { name: "+ Nuevo cupo" }).click();
  const form = date.getByRole("form", { name: "Nuevo cupo" });
  await form.getByLabel("Nombre del cupo").fill("Tres vans");
  await form.getByLabel("Asientos").fill("45");
  await form.getByRole("combobox", { name: "Provincia" }).selectOption({ label: "Bogotá D.C." });
  const boxes = form.getByRole("checkbox");
  await expect(boxes.first()).toBeVisible();
  for (const box of await boxes.all()) await box.check();
  await form.getByRole("button", { name: "Guardar cupo" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Cambios guardados" })).toBeVisible();
  const row = date.locator("tr[data-pool]");
  await expect(row).toHaveCount(1);
  const cells = row.locator("td");
  await expect(cells.nth(0)).toHaveText("Tres vans");
  await expect(cells.nth(2)).toHaveText("45");
  await expect(cells.nth(3)).toHaveText(String(DEMO_BOOKING_PASSENGERS));
  await expect(cells.nth(4)).toHaveText("0");
  await expect(cells.nth(5)).toHaveText(String(45 - DEMO_BOOKING_PASSENGERS));
  // Every Bogotá subcategory of the date now names the pool it draws on.
  await expect(date.locator("tbody tr td:last-child", { hasText: "Tres vans" }).first()).toBeVisible();
  await keepShot(page, "seat-pools/pool-1280", { fullPage: true });

  // Too few seats for what is sold: refused, in words.
  await row.getByRole("button", { name: "Editar" }).click();
  const edit = date.getByRole("form", { name: "Editar cupo" });
  await edit.getByLabel("Asientos").fill("10");
  await edit.getByRole("button", { name: "Guardar cupo" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "El cupo no puede tener 10 asientos" })).toBeVisible();
  await edit.getByRole("button", { name: "Cancelar" }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await keepShot(page, "seat-pools/pool-390", { fullPage: true });
  expect(errors).toEqual([]);
});
