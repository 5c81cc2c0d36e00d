/**
 * A private event that is paid for: the organiser's request (made through the API here: the form has its own
 * journey) is approved by staff with a quote; the organiser, on a phone (390 px), opens the approval mail's link,
 * sees the quote, pays it with the MercadoPago simulator, and only then is the guest mailed the invitation.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./reused-page";
import { guestListXlsx } from "../helpers/private-event-files";
import sharp from "sharp";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { PASSWORD, mailedLink, verifiedCustomer } from "./account-helpers";
import { watchConsole } from "./content-helpers";
import { keepShot } from "./shots";

test.setTimeout(180_000);

async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const answer = await request.post("/shop-api/login", { data: { email, password } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

const guestList = (rows: string[][]): Promise<Buffer> => guestListXlsx(rows);

async function mailsTo(request: APIRequestContext, email: string) {
  const answer = await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await answer.json()) as { data: { subject: string; links: string[] }[] }).data;
}

test("an organiser on a phone pays the quote with MercadoPago, and then the guest is invited", async ({ browser, request, baseURL }) => {
  const organiser = await verifiedCustomer(request, "Laura", "Cotiza");
  const guest = await verifiedCustomer(request, "Invitado", "Cota");
  const eventName = `Boda cotizada ${Date.now().toString(36)}`;
  const token = await tokenOf(request, organiser.email, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const counties = ((await (await request.get("/api/counties?country-code=CO")).json()) as { data: { id: number; name: string }[] }).data;
  const usaquen = counties.find((county) => county.name === "Usaquén")!;
  const day = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "/");
  const created = await request.post("/shop-api/request-events", {
    headers: auth,
    data: { name: eventName, startDate: `${day} 16:00`, endDate: `${day} 23:00`, location: "Hacienda", address: "Vía 1", countyId: usaquen.id, invitation: "Ven", guestsExpected: 20, payer: "organiser" },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const photo = await sharp({ create: { width: 1200, height: 700, channels: 3, background: "#c2410c" } }).jpeg().toBuffer();
  expect((await request.post(`/shop-api/event-requests/${id}/upload-image`, { headers: auth, multipart: { file: { name: "foto.jpg", mimeType: "image/jpeg", buffer: photo } } })).status()).toBe(200);
  const sheet = await guestList([["Invitado Cota", guest.email, "3001234567"]]);
  expect((await request.post(`/shop-api/event-requests/${id}/upload-guests`, { headers: auth, multipart: { file: { name: "lista.xlsx", mimeType: "application/octet-stream", buffer: sheet } } })).status()).toBe(200);
  expect((await request.post(`/shop-api/event-requests/${id}/submit`, { headers: auth })).status()).toBe(200);

  // Staff quote it in the staff area.
  const staffContext = await browser.newContext({ baseURL, locale: "es-CO", timezoneId: "America/Bogota" });
  const staff = await staffContext.newPage();
  const staffToken = await tokenOf(request, DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password);
  await staff.addInitScript(([t, u]) => {
    localStorage.setItem("shop.token", t);
    localStorage.setItem("shop.user", u);
  }, [staffToken, JSON.stringify({ id: 0, email: DEMO_ACCOUNTS.staff.email, firstName: "", lastName: "" })] as const);
  await staff.goto("/staff/event-requests");
  const review = staff.locator(".review-card", { hasText: eventName });
  await review.getByLabel("Valor por cupo (COP)").fill("50000");
  await expect(review.getByLabel("Cupos")).toHaveValue("20");
  await review.getByRole("button", { name: `Aprobar con cotización: ${eventName}` }).click();
  // Approving moves money and cannot be undone: a dialog says what will happen first.
  const confirmation = staff.getByRole("dialog", { name: "¿Confirmas?" });
  await expect(confirmation).toContainText("se envía la cotización al organizador");
  await confirmation.getByRole("button", { name: "Aprobar" }).click();
  await expect(staff.getByText("Solicitud aprobada: enviamos la cotización al organizador")).toBeVisible();
  await expect(review).toHaveCount(0);

  // The approval mail leaves through the outbox after the commit; once it is there, no invitation went with it
  // (quoted, not paid).
  const approvalMail = async () => (await mailsTo(request, organiser.email)).find((mail) => mail.subject === `Aprobamos tu evento ${eventName}`);
  await expect.poll(approvalMail, { timeout: 15_000 }).toBeTruthy();
  const approval = await approvalMail();
  expect((await mailsTo(request, guest.email)).filter((mail) => mail.subject.startsWith("Estás invitado"))).toHaveLength(0);
  const link = new URL(approval!.links.find((href) => href.includes("?request="))!);

  // The organiser, on a phone, opens the mail's link and pays.
  const phone = await browser.newContext({ baseURL, locale: "es-CO", timezoneId: "America/Bogota", viewport: { width: 390, height: 844 } });
  const owner = await phone.newPage();
  const errors = watchConsole(owner);
  await owner.addInitScript(([t, u]) => {
    localStorage.setItem("shop.token", t);
    localStorage.setItem("shop.user", u);
  }, [token, JSON.stringify({ id: 0, email: organiser.email, firstName: "", lastName: "" })] as const);
  await owner.goto(link.pathname + link.search);
  await expect(owner.getByRole("tab", { name: /Aprobados/ })).toHaveAttribute("aria-selected", "true");
  const card = owner.locator(".event-card", { hasText: eventName });
  await expect(card.getByText("Total: COP 1.000.000 por 20 cupos")).toBeVisible();
  await expect(card.getByText("Pendiente de pago: las invitaciones salen al pagarla")).toBeVisible();
  await keepShot(owner, "private-event-quotes/quote-390", { fullPage: true });
  await card.getByLabel("Medio de pago").selectOption({ label: "Mercado Pago" });
  await card.getByRole("button", { name: "Pagar la cotización" }).click();
  await expect(owner).toHaveURL(/\/payments-sim\/mercadopago\//);
  await expect(owner.getByText("1.000.000")).toBeVisible();
  await owner.getByRole("button", { name: "Aprobar pago" }).click();
  await expect(owner).toHaveURL(/\/order-detail\/\d+/);
  await expect(owner.locator('[data-view="success"]')).toBeVisible();

  // Paid: the guest gets the invitation, and the organiser's card says so.
  const claim = await mailedLink(request, guest.email, "claim");
  expect(claim).toContain("/my-account/events?claim=");
  await owner.goto("/my-account/events?request=" + id);
  await expect(owner.locator(".event-card", { hasText: eventName }).getByText("Pagada: invitaciones enviadas")).toBeVisible();
  expect(errors).toEqual([]);

  // The guest, signed in, lands on their invitations first.
  const guestContext = await browser.newContext({ baseURL, locale: "es-CO", timezoneId: "America/Bogota", viewport: { width: 390, height: 844 } });
  const invited = await guestContext.newPage();
  const guestToken = await tokenOf(request, guest.email, PASSWORD);
  await invited.addInitScript(([t, u]) => {
    localStorage.setItem("shop.token", t);
    localStorage.setItem("shop.user", u);
  }, [guestToken, JSON.stringify({ id: 0, email: guest.email, firstName: "", lastName: "" })] as const);
  await invited.goto("/my-account/events");
  await expect(invited.getByRole("tab", { name: /Invitaciones/ })).toHaveAttribute("aria-selected", "true");
  await expect(invited.locator(".event-card", { hasText: eventName })).toBeVisible();

  // The guest books a seat from Usaquén; the organiser's guest view names the address, the time still to come.
  const guestAuth = { authorization: `Bearer ${guestToken}` };
  const slug = ((await (await request.get(`/shop-api/event-requests/${id}`, { headers: auth })).json()) as { data: { eventSlug: string } }).data.eventSlug;
  const detail = ((await (await request.get(`/shop-api/events/${slug}`, { headers: guestAuth })).json()) as { data: { calendars: { id: number }[] } }).data;
  const eventDateId = detail.calendars[0]!.id;
  const offer = ((await (await request.get(`/api/events/${slug}/product-variant?eventDateId=${eventDateId}`, { headers: guestAuth })).json()) as { data: { subCategories: { productVariantId: number; provinceId: number; placeId: number }[] }[] }).data;
  // The venue's province (Bogotá, Usaquén's) is the only pick-up province of this private event.
  const seat = offer.flatMap((category) => category.subCategories)[0]!;
  const booked = await request.post("/shop-api/init-payment", {
    headers: guestAuth,
    data: {
      url: `/event/${slug}`,
      eventDateId,
      provinceId: seat.provinceId,
      paymentCode: "prepagado",
      tickets: [{ placeId: seat.placeId, productVariantId: seat.productVariantId, passengers: [{ name: "Invitado Cota", email: guest.email, phone: "3001234567", passengerAddress: "Calle 120 # 7-10" }], addresses: [{ address: "Calle 120 # 7-10", commune_id: usaquen.id }] }],
    },
  });
  expect(booked.status()).toBe(201);
  const showGuests = async () => {
    // The mail's link (?request=) opens the request's card with its guests shown.
    await owner.goto("/my-account/events?request=" + id);
    await expect(owner.locator(".event-card", { hasText: eventName }).getByRole("button", { name: "Ocultar invitados" })).toBeVisible();
    return owner.locator(`[data-guest="${guest.email.toLowerCase()}"]`).getByTestId("guest-pickup");
  };
  await expect(await showGuests()).toHaveText("Recogida: Calle 120 # 7-10 · Hora por confirmar");
  await keepShot(owner, "private-event-quotes/guests-pending-390", { fullPage: true });

  // Staff plan and publish the outbound leg: the organiser now sees the published pick-up time.
  const staffAuth = { authorization: `Bearer ${staffToken}` };
  const plan = await request.post("/shop-api/staff/dispatch/plan", { headers: staffAuth, data: { eventDateId, leg: "outbound" } });
  expect(plan.status()).toBe(200);
  const version = ((await plan.json()) as { data: { version: number } }).data.version;
  expect((await request.post("/shop-api/staff/dispatch/publish", { headers: staffAuth, data: { eventDateId, leg: "outbound", version } })).status()).toBe(200);
  await expect(await showGuests()).toHaveText(/^Recogida: Calle 120 # 7-10 · Hora: \d{2}-\d{2}-\d{4} \d{2}:\d{2} · Regreso: Hora por confirmar$/);
  await keepShot(owner, "private-event-quotes/guests-published-390", { fullPage: true });
  await owner.setViewportSize({ width: 1280, height: 900 });
  await keepShot(owner, "private-event-quotes/guests-published-1280", { fullPage: true });
  expect(errors).toEqual([]);
});

test("a refused guest row stays on the organiser's screen with its row number until the list is fixed", async ({ browser, request, baseURL }) => {
  const organiser = await verifiedCustomer(request, "Laura", "Filas");
  const token = await tokenOf(request, organiser.email, PASSWORD);
  const auth = { authorization: `Bearer ${token}` };
  const counties = ((await (await request.get("/api/counties?country-code=CO")).json()) as { data: { id: number; name: string }[] }).data;
  const day = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "/");
  const eventName = `Boda con filas ${Date.now().toString(36)}`;
  const created = await request.post("/shop-api/request-events", {
    headers: auth,
    data: { name: eventName, startDate: `${day} 16:00`, endDate: `${day} 23:00`, location: "Hacienda", address: "Vía 1", countyId: counties[0]!.id, invitation: "Ven", guestsExpected: 5 },
  });
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const photo = await sharp({ create: { width: 1200, height: 700, channels: 3, background: "#c2410c" } }).jpeg().toBuffer();
  await request.post(`/shop-api/event-requests/${id}/upload-image`, { headers: auth, multipart: { file: { name: "foto.jpg", mimeType: "image/jpeg", buffer: photo } } });
  await request.post(`/shop-api/event-requests/${id}/upload-guests`, { headers: auth, multipart: { file: { name: "lista.xlsx", mimeType: "application/octet-stream", buffer: await guestList([["Ana", "ana.filas@example.com", ""]]) } } });

  const context = await browser.newContext({ baseURL, locale: "es-CO", timezoneId: "America/Bogota", viewport: { width: 390, height: 844 } });
  const owner = await context.newPage();
  await owner.addInitScript(([t, u]) => {
    localStorage.setItem("shop.token", t);
    localStorage.setItem("shop.user", u);
  }, [token, JSON.stringify({ id: 0, email: organiser.email, firstName: "", lastName: "" })] as const);
  await owner.goto("/my-account/events");
  await owner.locator(".event-card", { hasText: eventName }).getByRole("button", { name: `Editar: ${eventName}` }).click();
  const form = owner.getByRole("form", { name: "Editar evento" });
  await form.getByLabel("Lista de invitados (.xlsx o .xls)").setInputFiles({
    name: "lista.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await guestList([
      ["Ana", "ana.filas@example.com", ""],
      ["Sofía Peña", "sofia.pena@@example.com", ""],
    ]),
  });
  await form.getByRole("button", { name: "Guardar y enviar a revisión" }).click();
  const refused = owner.getByTestId("refused-rows");
  await expect(refused).toContainText("Fila 3 (sofia.pena@@example.com): Email inválido");
  await expect(refused).toContainText("vuelve a subir la lista");
  await keepShot(owner, "private-event-quotes/refused-390", { fullPage: true });
});
