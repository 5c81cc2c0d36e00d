/**
 * A private event's whole cycle in the browser: a customer creates a wedding with a picture and the guest-list
 * template filled with two guests, sees it under review; staff approve it free of charge in the staff area; a guest signed up
 * with the invited email finds it under invitations, books it with "Reservar" and sees the ticket's QR; the
 * organiser then sees that guest as claimed.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import sharp from "sharp";
import { guestListXlsx } from "../helpers/private-event-files";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { PASSWORD, logInWith, mailedLink, verifiedCustomer } from "./account-helpers";
import { seriousViolations } from "./axe";
import { chooseTickets, continueButton, fillPassengers, ticketPanel, wizard } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { keepShot, shotsWanted } from "./shots";

test.setTimeout(180_000);


const guestList = (rows: string[][]) => guestListXlsx(rows);

async function weddingPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><defs><linearGradient id="g"><stop offset="0" stop-color="#f9a8d4"/><stop offset="1" stop-color="#c2410c"/></linearGradient></defs><rect width="1600" height="1000" fill="url(#g)"/><circle cx="720" cy="500" r="180" fill="none" stroke="#fff" stroke-width="30"/><circle cx="880" cy="500" r="180" fill="none" stroke="#facc15" stroke-width="30"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/** A page of its own (own storage) signed in as that person. */
async function pageOf(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "es-CO", timezoneId: "America/Bogota", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const answer = await page.request.post("/shop-api/login", { data: { email, password } });
  expect(answer.status()).toBe(200);
  const { token } = ((await answer.json()) as { data: { token: string } }).data;
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem("shop.token", t);
      localStorage.setItem("shop.user", u);
    },
    [token, JSON.stringify({ id: 0, email, firstName: "", lastName: "" })] as const,
  );
  return page;
}

/** At both widths, for a look (only with E2E_SHOTS set, shots.ts). */
async function shoot(page: Page, name: string) {
  if (!shotsWanted()) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, `private-events/${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a wedding: created with its guests, approved by staff, booked by an invited guest who shows as claimed", async ({ browser, request, baseURL }) => {
  const organiser = await verifiedCustomer(request, "Laura", "Ospina");
  const guest = await verifiedCustomer(request, "Invitada", "Ruiz");
  const uncle = await verifiedCustomer(request, "Jorge", "Ruiz");
  const eventName = `Boda de Laura y Felipe ${Date.now().toString(36)}`;
  const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);

  // The organiser creates the request.
  const owner = await pageOf(browser, baseURL!, organiser.email, PASSWORD);
  const errors = watchConsole(owner);
  await owner.goto("/my-account/events");
  await expect(owner.getByText("Aún no has creado un evento privado")).toBeVisible();
  await expect(owner.getByRole("tab", { name: "En revisión" })).toHaveAttribute("aria-selected", "true");
  await expect(owner.getByText("No hay eventos disponibles para esta categoría")).toBeVisible();
  await shoot(owner, "tabs-empty");
  expect(await seriousViolations(owner, { exclude: ".site-footer" })).toEqual([]);

  await owner.getByRole("button", { name: "Crear evento" }).click();
  const form = owner.getByRole("form", { name: "Crear evento privado" });
  await form.getByRole("button", { name: "Crear solicitud" }).click();
  await expect(form.getByText("Campo Requerido").first()).toBeVisible();
  await expect(form.getByText("Fecha de inicio Requerida")).toBeVisible();
  await expect(form.getByText("Debes subir una imagen del evento")).toBeVisible();
  await expect(form.getByText("Es necesario subir una lista de invitados")).toBeVisible();
  await expect(form.getByRole("link", { name: "Descargar lista de ejemplo" })).toHaveAttribute("href", "/templates/lista-invitados.xlsx");
  await shoot(owner, "form-errors");
  expect(await seriousViolations(owner, { exclude: ".site-footer" })).toEqual([]);

  await form.getByLabel("Nombre del evento").fill(eventName);
  await form.getByLabel("Nombre del lugar").fill("Hacienda El Roble");
  await form.getByLabel("Dirección del lugar").fill("Vía La Calera km 5");
  await form.getByLabel("Municipio", { exact: true }).selectOption({ label: "Usaquén" });
  await form.getByLabel("Fecha de inicio").fill(day);
  await form.getByLabel("Hora de inicio").fill("16:00");
  await form.getByLabel("Hora de término").fill("23:30");
  await form.getByLabel("Mensaje de invitación").fill("Nos casamos y queremos que vengas sin preocuparte por el regreso.");
  // The form now asks how many guests ride, who pays and where guests are picked up (the quote rests on them).
  await form.getByLabel("Invitados que viajarán").fill("2");
  await expect(form.getByLabel("¿Quién paga el transporte?")).toHaveValue("organiser");
  await form.getByRole("checkbox", { name: "Cundinamarca" }).check();
  await form.getByRole("button", { name: "Agregar parada" }).click();
  await form.getByRole("button", { name: "Crear solicitud" }).click();
  await expect(form.getByText("Asegurate de llenar todos los campos de Paradas Adicionales").first()).toBeVisible();
  await form.getByLabel("Dirección de la parada").fill("Iglesia de Usaquén, Carrera 6 # 119-24");
  await form.getByLabel("Municipio de la parada").selectOption({ label: "Usaquén" });
  await form.getByLabel("Hora de la parada").fill("15:00");
  await form.getByLabel("Imagen del evento").setInputFiles({ name: "boda.jpg", mimeType: "image/jpeg", buffer: await weddingPhoto() });
  await form.getByLabel("Lista de invitados (.xlsx o .xls)").setInputFiles({
    name: "lista-invitados.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await guestList([
      ["Invitada Ruiz", guest.email, "3001234567"],
      ["Tío Jorge", uncle.email, "3109876543"],
    ]),
  });
  await shoot(owner, "form-filled");
  await form.getByRole("button", { name: "Crear solicitud" }).click();
  await expect(owner.getByText("Solicitud creada con éxito")).toBeVisible();
  await expect(owner.getByRole("tab", { name: /En revisión/ })).toHaveAttribute("aria-selected", "true");
  const card = owner.locator(".event-card", { hasText: eventName });
  await expect(card.getByText("En revisión", { exact: true })).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\/events\/.+-card\.webp$/);
  await shoot(owner, "tabs-review");
  expect(await seriousViolations(owner, { exclude: ".site-footer" })).toEqual([]);

  // Staff approve it.
  const staff = await pageOf(browser, baseURL!, DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password);
  await staff.goto("/staff/event-requests");
  const review = staff.locator(".review-card", { hasText: eventName });
  await expect(review.getByText("2 invitados, 2 cupos")).toBeVisible();
  // Staff carry this one free of charge: the invitations go at once (a quoted one waits for its payment).
  await review.getByRole("button", { name: `Aprobar sin costo: ${eventName}` }).click();
  const confirmation = staff.getByRole("dialog", { name: "¿Confirmas?" });
  await expect(confirmation).toContainText("las 2 invitaciones salen");
  await confirmation.getByRole("button", { name: "Aprobar" }).click();
  await expect(staff.getByText("Solicitud aprobada: el evento está publicado y las invitaciones enviadas")).toBeVisible();
  await expect(review).toHaveCount(0);

  // The guest finds it under invitations and books it.
  const invited = await pageOf(browser, baseURL!, guest.email, PASSWORD);
  const guestErrors = watchConsole(invited);
  await invited.goto("/my-account/events");
  await invited.getByRole("tab", { name: /Invitaciones/ }).click();
  const invitation = invited.locator(".event-card", { hasText: eventName });
  await expect(invitation).toContainText("1 cupo");
  await expect(invitation).not.toContainText("cupo(s)");
  await shoot(invited, "tabs-invited");
  expect(await seriousViolations(invited, { exclude: ".site-footer" })).toEqual([]);
  await invitation.getByRole("link", { name: `Reservar: ${eventName}` }).click();
  await expect(invited).toHaveURL(/\/event\/boda-de-laura-y-felipe-[a-z0-9-]+$/);
  // The client-side event shell renders the page, then the wizard hydrates when scrolled into view.
  await expect(async () => {
    await invited.locator("#booking-wizard").scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(wizard(invited).locator(".bk-trip")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await chooseTickets(invited, [{ category: "Transporte para invitados", subcategory: "Cupo de invitado", count: 1 }]);
  await continueButton(invited).click();
  const panel = ticketPanel(invited, 0);
  await panel.getByLabel("Dirección", { exact: true }).fill("Calle 100 # 15-30");
  await panel.getByLabel("Municipio o localidad").selectOption({ label: "Usaquén" });
  await continueButton(invited).click();
  await fillPassengers(invited, [{ ticket: 0, name: "Invitada Ruiz", email: guest.email, phone: "3001234567" }]);
  await continueButton(invited).click();
  await continueButton(invited, "Reservar").click();
  await expect(wizard(invited).getByRole("heading", { name: "¡Reserva confirmada!" })).toBeVisible();
  await continueButton(invited, "Finalizar").click();
  await expect(invited).toHaveURL(/\/my-account\/payments$/);
  await invited.locator("[data-purchase]").first().getByRole("button", { name: /Ver el detalle/ }).click();
  await expect(invited.getByTestId("purchase-detail").getByRole("img", { name: /Código QR/ })).toBeVisible();

  // The organiser sees the guest as claimed.
  await owner.goto("/my-account/events");
  await owner.getByRole("tab", { name: /Aprobados/ }).click();
  const active = owner.locator(".event-card", { hasText: eventName });
  await active.getByRole("button", { name: "Ver invitados" }).click();
  await expect(active.locator(`[data-guest="${guest.email.toLowerCase()}"]`)).toContainText("Confirmado");
  await expect(active.locator(`[data-guest="${uncle.email.toLowerCase()}"]`)).toContainText("Sin confirmar");
  await shoot(owner, "tabs-active");

  // The uncle opens his personal link signed out: he is sent home to log in, and brought back with the claim.
  const context = await browser.newContext({ baseURL, locale: "es-CO", timezoneId: "America/Bogota", viewport: { width: 390, height: 844 } });
  const claimer = await context.newPage();
  const claimErrors = watchConsole(claimer);
  await claimer.goto(await mailedLink(request, uncle.email, "claim"));
  await expect(claimer.locator("[data-dialog=login]")).toBeVisible();
  await logInWith(claimer, uncle.email, PASSWORD);
  await expect(claimer.getByText("¡Listo! Tu cupo quedó confirmado")).toBeVisible();
  await expect(claimer).toHaveURL(/\/my-account\/events$/);
  await expect(claimer.locator(".event-card", { hasText: eventName })).toContainText("Confirmado");
  await shoot(claimer, "claimed-after-login");

  await owner.reload();
  await owner.getByRole("tab", { name: /Aprobados/ }).click();
  await owner.locator(".event-card", { hasText: eventName }).getByRole("button", { name: "Ver invitados" }).click();
  await expect(owner.locator(`[data-guest="${uncle.email.toLowerCase()}"]`)).toContainText("Confirmado");
  expect(errors).toEqual([]);
  expect(guestErrors).toEqual([]);
  expect(claimErrors).toEqual([]);
});
