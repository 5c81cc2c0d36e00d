/**
 * The back office as an admin uses it: a new mass event with one date, a category and a subcategory, published;
 * the public API then lists it and a buyer books it on its event page. The lists and forms are looked at
 * (screenshots at 1280 px with E2E_SHOTS set) and held to axe; a staff member does not see the back office at all.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { seriousViolations } from "./axe";
import { chooseTickets, continueButton, fillAddresses, fillPassengers, newCustomer, openWizard, payWith, signIn, wizard } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { keepShot } from "./shots";

const ADMIN = { ...DEMO_ACCOUNTS.admin, firstName: "Admin", lastName: "Rodamos" };
const STAFF = { ...DEMO_ACCOUNTS.staff, firstName: "Staff", lastName: "Rodamos" };

/** yyyy-mm-ddThh:mm in the browser's zone (Bogotá, playwright.config.ts), `days` ahead at `hour`. */
function localInput(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const bogota = new Date(date.getTime() - 5 * 3_600_000);
  return `${bogota.toISOString().slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
}

function menu(page: Page) {
  return page.getByRole("navigation", { name: "Secciones del área de personal" });
}

/** Picks a row of another resource: types in the field's filter box, then chooses the option that matches. */
async function choose(page: Page, label: string, filter: string, option: RegExp) {
  await page.getByLabel(`Filtrar opciones de ${label}`).fill(filter);
  const select = page.getByLabel(label, { exact: true });
  await expect(select.locator("option", { hasText: option })).toHaveCount(1);
  const value = await select.locator("option", { hasText: option }).getAttribute("value");
  await select.selectOption(value!);
}

test("an admin puts a new mass event on sale, and a buyer books it", async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const run = Date.now().toString(36);
  const slug = `feria-admin-${run}`;
  const name = `Feria del Back Office ${run}`;
  await signIn(page, request, ADMIN);

  await page.goto("/staff/events");
  await expect(menu(page).getByRole("link", { name: "Eventos", exact: true })).toHaveAttribute("aria-current", "page");
  const events = page.getByTestId("admin-events");
  await expect(events.locator("tbody tr").first()).toBeVisible();
  await keepShot(page, "back-office/events-list", { fullPage: true });
  expect(await seriousViolations(page, { exclude: ".site-footer" })).toEqual([]);

  // Sorting by name asks the server, and says so to assistive technology.
  await events.getByRole("button", { name: "Ordenar por Nombre" }).click();
  await expect(events.getByRole("columnheader", { name: /Nombre/ })).toHaveAttribute("aria-sort", "ascending");

  await page.getByRole("link", { name: "+ Nuevo evento" }).click();
  await expect(page).toHaveURL(/\/staff\/events\/new$/);
  await expect(page.getByRole("heading", { name: "Nuevo evento" })).toBeVisible();
  // The shared schema refuses an empty form before anything is sent.
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Escribe el texto en al menos un idioma")).toBeVisible();

  await page.getByLabel("Slug (dirección)").fill(slug);
  await page.getByLabel("Tipo", { exact: true }).selectOption({ label: "Masivo" });
  await choose(page, "Lugar", "Movistar", /Movistar Arena/);
  await page.getByRole("textbox", { name: "Inicio", exact: true }).fill(localInput(40, 19));
  await page.getByLabel("Fin del evento").fill(localInput(40, 23));
  const spanish = page.locator("details", { hasText: "Español (Colombia)" });
  await spanish.getByLabel("Nombre").fill(name);
  await spanish.getByLabel("Descripción").fill("Tres escenarios y la van de ida y vuelta.");
  await page.getByLabel("Publicado").check();
  await page.getByLabel("Recomendado").check();
  await keepShot(page, "back-office/event-form", { fullPage: true });
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Creado. Ya puedes seguir editándolo.")).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/events\/\d+$/);
  await expect(page.getByRole("heading", { name: /Editar evento/ })).toBeVisible();
  expect(await seriousViolations(page, { exclude: ".site-footer" })).toEqual([]);

  await menu(page).getByRole("link", { name: "Categorías", exact: true }).click();
  await page.getByRole("link", { name: "+ Nueva categoría" }).click();
  await choose(page, "Evento", run, new RegExp(slug));
  await page.getByLabel("Prioridad (menor primero)").fill("1");
  await page.locator("details", { hasText: "Español (Colombia)" }).getByLabel("Nombre").fill("Van del back office");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Creado. Ya puedes seguir editándolo.")).toBeVisible();

  await menu(page).getByRole("link", { name: "Subcategorías y stock", exact: true }).click();
  await expect(page.getByTestId("admin-variants").locator("tbody tr").first()).toBeVisible();
  await keepShot(page, "back-office/variants-list", { fullPage: true });
  await page.getByRole("link", { name: "+ Nueva subcategoría" }).click();
  await choose(page, "Categoría", "Van del back office", /Van del back office/);
  await choose(page, "Departamento", "Bogotá", /Bogotá D\.C\./);
  await page.getByLabel("Precio").fill("45000");
  await page.getByLabel("Stock por fecha").fill("12");
  await page.locator("details", { hasText: "Español (Colombia)" }).getByLabel("Nombre").fill("Silla E2E");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Creado. Ya puedes seguir editándolo.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tickets por fecha" })).toBeVisible();
  const variantPath = new URL(page.url()).pathname;
  // A stock below zero is refused by the shared schema in the browser.
  await page.getByLabel("Stock por fecha").fill("-1");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Escribe un número válido dentro del rango permitido")).toBeVisible();
  await page.getByLabel("Stock por fecha").fill("12");
  await keepShot(page, "back-office/variant-form", { fullPage: true });
  expect(await seriousViolations(page, { exclude: ".site-footer" })).toEqual([]);

  // The public API lists the new event with its date, and sells its subcategory.
  const listed = (await (await request.get("/api/events?type=1&country-code=CO&limit=100")).json()) as { data: { slug: string; id: number }[] };
  const event = listed.data.find((one) => one.slug === slug);
  expect(event).toBeDefined();
  const offer = (await (await request.get(`/api/events/${slug}/product-variant`)).json()) as { data: { subCategories: { price: number; stock: number }[] }[] };
  expect(offer.data.flatMap((category) => category.subCategories)).toEqual([expect.objectContaining({ price: 45_000, stock: 12 })]);

  // The static pages follow on their own: the landing recommends it and the mass-events list shows its price.
  const served = (path: string) => async () => (await request.get(path)).text();
  await expect.poll(served("/massive-events"), { timeout: 90_000, intervals: [1_000] }).toContain(name);
  await expect.poll(served("/"), { timeout: 30_000, intervals: [1_000] }).toContain(name);
  const visitor = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin, locale: "es-CO", timezoneId: "America/Bogota", viewport: { width: 390, height: 844 } });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/massive-events");
  const card = visitorPage.getByRole("link", { name: new RegExp(name) }).first();
  await expect(card).toBeVisible();
  await card.click();
  await expect(visitorPage).toHaveURL(new RegExp(`/event/${slug}$`));
  await expect(visitorPage.getByRole("heading", { level: 1 })).toContainText(name);
  await visitor.close();

  // The served card shows the first price; a new price reaches it after the publisher's delay (bench:publish
  // measures it). The first price is read before the change: a quick publisher may already show the new one after it.
  const cardOf = async () => {
    const html = await served("/massive-events")();
    const at = html.indexOf(name);
    return at < 0 ? "" : html.slice(Math.max(0, at - 1_500), at + 1_500);
  };
  await expect.poll(cardOf, { timeout: 90_000, intervals: [1_000] }).toContain("45.000");
  await page.getByLabel("Precio").fill("52000");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Guardado.", { exact: true })).toBeVisible();
  await expect.poll(cardOf, { timeout: 90_000, intervals: [1_000] }).toContain("52.000");

  // The audit log names who did each step.
  await menu(page).getByRole("link", { name: "Registro de cambios", exact: true }).click();
  const audit = page.getByTestId("admin-audit");
  // Other journeys write the log at the same time (a buyer's purchase, another admin's change of an event's dates):
  // the admin's newest change of a subcategory.
  const adminRow = audit.locator("tbody tr").filter({ hasText: ADMIN.email }).filter({ hasText: "Subcategorías y stock" }).first();
  await expect(adminRow).toBeVisible();
  await adminRow.getByRole("button", { name: /Ver cambios/ }).click();
  // That change: the price, before and after.
  await expect(adminRow.locator(".admin-diff")).toContainText(/Antes: 45000\s*Después: 52000/);
  await keepShot(page, "back-office/audit", { fullPage: true });
  expect(await seriousViolations(page, { exclude: ".site-footer" })).toEqual([]);
  expect(errors).toEqual([]);

  // A buyer books it on its event page.
  const buyer = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin, locale: "es-CO", timezoneId: "America/Bogota", viewport: { width: 1280, height: 900 } });
  const buyerPage = await buyer.newPage();
  await signIn(buyerPage, request, await newCustomer(request, "Lucía"));
  await openWizard(buyerPage, slug);
  await expect(buyerPage.getByRole("heading", { level: 1 })).toContainText(name);
  await chooseTickets(buyerPage, [{ category: "Van del back office", subcategory: "Silla E2E", count: 1 }]);
  await continueButton(buyerPage).click();
  await fillAddresses(buyerPage, [{ ticket: 0, address: "Calle 45 # 13-20", commune: "Chapinero" }]);
  await continueButton(buyerPage).click();
  await fillPassengers(buyerPage, [{ ticket: 0, name: "Lucía Prueba", email: "lucia@example.com", phone: "3001112233" }]);
  await continueButton(buyerPage).click();
  await payWith(buyerPage, "Transferencia bancaria");
  await expect(wizard(buyerPage).getByRole("heading", { name: "¡Tu reserva quedó registrada!" })).toBeVisible();
  const after = (await (await request.get(`/api/events/${slug}/product-variant`)).json()) as { data: { subCategories: { stock: number }[] }[] };
  expect(after.data[0]!.subCategories[0]!.stock).toBe(11);
  await buyer.close();

  // Now one ticket is held: the stock cannot go below it, and the refusal gives the figures.
  await page.goto(variantPath);
  await expect(page.getByRole("cell", { name: "1" }).first()).toBeVisible();
  await page.getByLabel("Stock por fecha").fill("0");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "0 vendidos y 1 reservado, mínimo 1" })).toBeVisible();
  await keepShot(page, "back-office/variant-stock-refused", { fullPage: true });
  expect(await seriousViolations(page, { exclude: ".site-footer" })).toEqual([]);

  // On a phone the list and the form keep to the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/staff/events");
  await expect(page.getByTestId("admin-events").locator("tbody tr").first()).toBeVisible();
  await keepShot(page, "back-office/events-list-390", { fullPage: true });
  await page.goto(variantPath);
  await expect(page.getByLabel("Categoría", { exact: true })).toContainText("Van del back office");
  await expect(page.getByRole("heading", { name: "Tickets por fecha" })).toBeVisible();
  await keepShot(page, "back-office/variant-form-390", { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page, { exclude: ".site-footer" })).toEqual([]);
});

test("staff see no back office: its sections are not in the menu and its addresses open the scanner", async ({ page, request }) => {
  await signIn(page, request, STAFF);
  await page.goto("/staff/events");
  await expect(menu(page).getByRole("link", { name: "Escanear tickets" })).toHaveAttribute("aria-current", "page");
  await expect(menu(page).getByRole("link", { name: "Eventos", exact: true })).toHaveCount(0);
  await expect(page.getByText("Administración")).toHaveCount(0);
});
