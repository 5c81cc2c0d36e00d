/**
 * The contact, marriage and quote forms: errors
 * per field in the page language, a send button enabled only once the form was changed and is valid,
 * the server's refusal shown, and after sending the thank-you state. Storage is asserted through the real
 * API's 201 answer here; the API suite (tests/api) checks the stored rows.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { dayFromToday, waitForIslands, watchConsole } from "./content-helpers";
import { keepShot } from "./shots";

const THANKS = "Muchas gracias! Te contactaremos a la brevedad";

async function openForm(page: Page, path: string, testId: string) {
  await page.goto(path);
  const form = page.getByTestId(testId);
  await form.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  return form;
}

test.describe("Contact form", () => {
  test("shows field errors, enables sending only when changed and valid, sends and disables the fields", async ({ page }) => {
    const errors = watchConsole(page);
    const form = await openForm(page, "/contact", "contact-form");
    await expect(page.getByRole("heading", { level: 1, name: "Contáctanos" })).toBeVisible();
    const send = form.getByRole("button", { name: "Enviar" });
    await expect(send).toBeDisabled();
    for (const label of ["Nombre", "Correo electrónico", "Teléfono", "Mensaje"]) await expect(form.getByLabel(label)).toHaveValue("");

    const email = form.getByLabel("Correo electrónico");
    await email.fill("no-es-un-correo");
    await email.blur();
    await expect(form.getByText("Email inválido")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    const describedBy = await email.getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(/Email inválido/);

    const phone = form.getByLabel("Teléfono");
    await phone.fill("12345");
    await phone.blur();
    await expect(form.getByText("Teléfono inválido")).toBeVisible();

    const name = form.getByLabel("Nombre");
    await name.fill("x");
    await name.fill("");
    await name.blur();
    await expect(form.getByText("Campo requerido")).toBeVisible();
    await expect(send).toBeDisabled();

    await name.fill("Laura Pérez");
    await email.fill("laura.perez@example.com");
    await phone.fill("+57 3001 2345");
    await expect(send).toBeDisabled();
    await form.getByLabel("Mensaje").fill("Quisiera saber si tienen rutas desde Chía para el concierto.");
    await expect(form.getByText("Email inválido")).toHaveCount(0);
    await expect(send).toBeEnabled();

    const answer = page.waitForResponse((response) => response.url().includes("/api/contact") && response.request().method() === "POST");
    await send.click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.url()).toContain("country-code=CO");
    expect(response.request().postDataJSON()).toMatchObject({ name: "Laura Pérez", email: "laura.perez@example.com", phone: "+5730012345" });
    await expect(form.getByText(THANKS)).toBeVisible();
    await expect(form.getByLabel("Nombre")).toBeDisabled();
    await expect(form.getByLabel("Mensaje")).toBeDisabled();
    await expect(send).toBeDisabled();
    await keepShot(page, "lead-forms/contact-sent", { fullPage: true });
    expect(errors).toEqual([]);
  });

  test("a refusal from the server shows its message and the field error, with focus on that field", async ({ page }) => {
    const form = await openForm(page, "/contact", "contact-form");
    // The browser checks the same schema as the server, so make the server see an email it must refuse.
    await page.route("**/api/contact?*", async (route) => {
      const body = route.request().postDataJSON() as Record<string, string>;
      await route.continue({ postData: JSON.stringify({ ...body, email: "refused-by-server" }) });
    });
    await form.getByLabel("Nombre").fill("Laura Pérez");
    await form.getByLabel("Correo electrónico").fill("laura@example.com");
    await form.getByLabel("Teléfono").fill("912345678");
    await form.getByLabel("Mensaje").fill("Hola");
    const answer = page.waitForResponse((response) => response.url().includes("/api/contact"));
    await form.getByRole("button", { name: "Enviar" }).click();
    expect((await answer).status()).toBe(422);
    await expect(page.locator(".toast").filter({ hasText: "Revisa los datos ingresados" })).toBeVisible();
    await expect(form.getByText("Email inválido")).toBeVisible();
    await expect(form.getByLabel("Correo electrónico")).toBeFocused();
    await expect(form.getByText(THANKS)).toHaveCount(0);
  });

  test("errors follow the page language (en_US)", async ({ page }) => {
    const form = await openForm(page, "/co/en-us/contact", "contact-form");
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
    const email = form.getByLabel("Email");
    await email.fill("nope");
    await email.blur();
    await expect(form.getByText("Invalid email")).toBeVisible();
  });
});

test.describe("Marriage form", () => {
  test("refuses a past date, sends the date as dd/MM/yyyy and hides the fields after sending", async ({ page }) => {
    const errors = watchConsole(page);
    const form = await openForm(page, "/wedding", "marriage-form");
    await expect(page.getByRole("heading", { level: 1, name: "Matrimonios" })).toBeVisible();
    await expect(page.locator("video source").first()).toHaveAttribute("src", "/videos/promo.webm");
    const send = form.getByRole("button", { name: "Enviar" });
    await expect(send).toBeDisabled();

    const date = form.getByLabel("Fecha");
    await expect(date).toHaveAttribute("min", dayFromToday(0));
    await date.fill("2020-01-15");
    await date.blur();
    await expect(form.getByText("La fecha no puede estar en el pasado")).toBeVisible();
    await expect(form.getByLabel("Mensaje")).toHaveAttribute("rows", "7");

    await form.getByLabel("Nombre de los novios").fill("Ana María y Carlos");
    await form.getByLabel("Correo electrónico").fill("ana.carlos@example.com");
    await form.getByLabel("Teléfono").fill("912345678");
    const day = dayFromToday(60);
    await date.fill(day);
    await form.getByLabel("Lugar").fill("Hacienda El Retiro, La Calera");
    await expect(send).toBeDisabled();
    await form.getByLabel("Mensaje").fill("Somos 80 invitados desde Bogotá norte y Chía.");
    await expect(send).toBeEnabled();

    const answer = page.waitForResponse((response) => response.url().includes("/api/marriage") && response.request().method() === "POST");
    await send.click();
    const response = await answer;
    expect(response.status()).toBe(201);
    const [y, m, d] = day.split("-");
    expect(response.request().postDataJSON()).toMatchObject({ date: `${d}/${m}/${y}`, place: "Hacienda El Retiro, La Calera" });
    await expect(form.getByText(THANKS)).toBeVisible();
    await expect(form.getByLabel("Lugar")).toHaveCount(0);
    await expect(form.getByRole("button")).toHaveCount(0);
    await keepShot(page, "lead-forms/marriage-sent", { fullPage: true });
    expect(errors).toEqual([]);
  });
});

test.describe("Quote form (about us)", () => {
  test("sends to /api/quote and thanks", async ({ page }) => {
    const form = await openForm(page, "/about-us", "quote-form");
    await form.getByLabel("Nombre").fill("Jorge Ramírez");
    await form.getByLabel("Correo electrónico").fill("jorge@example.com");
    await form.getByLabel("Teléfono").fill("+5731234567");
    await form.getByLabel("Fecha").fill(dayFromToday(20));
    await form.getByLabel("Lugar").fill("Movistar Arena, Bogotá");
    await form.getByLabel("Mensaje").fill("Transporte para 30 personas de la empresa.");
    const answer = page.waitForResponse((response) => response.url().includes("/api/quote") && response.request().method() === "POST");
    await form.getByRole("button", { name: "Enviar" }).click();
    expect((await answer).status()).toBe(201);
    await expect(form.getByText(THANKS)).toBeVisible();
  });
});

test.describe("Hydration on first use", () => {
  test("a form page loads no form code until the form is used, and what was typed meanwhile is kept", async ({ page }) => {
    const errors = watchConsole(page);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    // Hold the form's code back until the fields below were typed into.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_astro/ContactForm.*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/contact");
    await page.waitForLoadState("networkidle");
    const island = page.locator('astro-island[client="interaction"]');
    await expect(island).toHaveAttribute("ssr", "");
    expect(scripts.filter((url) => /ContactForm|react-dom|client\./.test(url))).toEqual([]);

    const form = page.getByTestId("contact-form");
    await form.getByLabel("Nombre").fill("Laura Pérez");
    const email = form.getByLabel("Correo electrónico");
    await email.fill("no-es-un-correo");
    await email.blur();
    await form.getByLabel("Teléfono").fill("912345678");
    await expect(island).toHaveAttribute("ssr", "");
    release();
    await expect(island).not.toHaveAttribute("ssr");

    await expect(form.getByLabel("Nombre")).toHaveValue("Laura Pérez");
    await expect(form.getByText("Email inválido")).toBeVisible();
    await expect(form.getByLabel("Teléfono")).toHaveValue("912345678");
    await email.fill("laura@example.com");
    await form.getByLabel("Mensaje").fill("¿Tienen rutas desde Chía?");
    const send = form.getByRole("button", { name: "Enviar" });
    await expect(send).toBeEnabled();
    const answer = page.waitForResponse((response) => response.url().includes("/api/contact") && response.request().method() === "POST");
    await send.click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({ name: "Laura Pérez", email: "laura@example.com", phone: "912345678" });
    await expect(form.getByText(THANKS)).toBeVisible();
    expect(errors).toEqual([]);
  });
});
