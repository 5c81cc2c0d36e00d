/** Header behaviour: Events dropdown, account control, keyboard use. */
import type { Page } from "@playwright/test";
import { expect, test } from "./reused-page";

/** A signed-in session as the session store keeps it: a JWT whose expiry is an hour ahead, and the user. */
async function signIn(page: Page) {
  await page.addInitScript(() => {
    // Only on the first page of the test: a later reload must see what the page itself stored.
    if (sessionStorage.getItem("test.signed-in")) return;
    sessionStorage.setItem("test.signed-in", "1");
    const payload = btoa(JSON.stringify({ sub: "1", exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, "");
    localStorage.setItem("shop.token", `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`);
    localStorage.setItem("shop.user", JSON.stringify({ id: 1, email: "laura@example.co", firstName: "Laura", lastName: "Gómez" }));
  });
}

test("the Events dropdown opens with the keyboard and lists massive, private and weddings", async ({ page }) => {
  await page.goto("/");
  const button = page.getByRole("button", { name: "Eventos", exact: true });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const menu = page.locator("#events-menu");
  await expect(menu.getByRole("link")).toHaveText(["Eventos masivos", "Eventos privados", "Parejas y matrimonios"]);
  await expect(menu.getByRole("link", { name: "Parejas y matrimonios" })).toHaveAttribute("href", "/wedding");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
});

test("the main bar links: about us, alliances, how to book and B2B", async ({ page }) => {
  await page.goto("/cl/es-cl/faq");
  const nav = page.getByRole("navigation", { name: "Navegación principal" });
  await expect(nav.getByRole("link", { name: "Nosotros" })).toHaveAttribute("href", "/cl/es-cl/about-us");
  await expect(nav.getByRole("link", { name: "Alianzas" })).toHaveAttribute("href", "/cl/es-cl/alliances");
  await expect(nav.getByRole("link", { name: "Cómo reservar" })).toHaveAttribute("href", "/cl/es-cl/how-book");
  await expect(nav.getByRole("link", { name: "Empresas" })).toHaveAttribute("href", "/cl/es-cl/rodamos-companies");
});

test("logged out, the header offers log-in and sign-up", async ({ page }) => {
  await page.goto("/");
  const bar = page.locator(".info-bar");
  await expect(bar.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  await expect(bar.getByRole("button", { name: "Registrarse" })).toBeVisible();
  await expect(bar.getByText(/^Hola,/)).toBeHidden();
});

test("logged in, the header greets by first and last name; the menu leads to Mi Cuenta and Salir logs out", async ({ page }) => {
  await signIn(page);
  await page.goto("/massive-events");
  const bar = page.locator(".info-bar");
  await expect(bar.getByRole("button", { name: "Iniciar sesión" })).toBeHidden();
  const greeting = bar.getByRole("button", { name: "Hola, Laura Gómez" });
  await expect(greeting).toBeVisible();
  await greeting.click();
  await expect(greeting).toHaveAttribute("aria-expanded", "true");
  await expect(bar.getByRole("link", { name: "Mi Cuenta" })).toHaveAttribute("href", "/my-account/profile");
  // Salir ends the session, then reloads the page: wait for that load, not the one already done.
  const reloaded = page.waitForEvent("load");
  await bar.getByRole("button", { name: "Salir" }).click();
  await reloaded;
  await expect(bar.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("shop.token"))).toBeNull();
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the drawer carries the same account control", async ({ page }) => {
    await signIn(page);
    await page.goto("/co/en-us");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.locator("#mobile-drawer");
    await drawer.getByRole("button", { name: "Hi, Laura Gómez" }).click();
    await expect(drawer.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/co/en-us/my-account/profile");
  });
});

test.describe("footers", () => {
  test("from 481 px: menu, legal links to the terms PDF, events, contact and FAQ, copyright and address", async ({ page }) => {
    await page.setViewportSize({ width: 481, height: 800 });
    await page.goto("/faq");
    const footer = page.locator("footer.site-footer");
    for (const name of ["Inicio", "Nosotros", "Empresas", "Cómo reservar", "Eventos masivos", "Contacto", "Preguntas frecuentes"]) {
      await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
    }
    for (const name of ["Política de privacidad", "Condiciones generales", "Condiciones de uso", "Política de cookies"]) {
      await expect(footer.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("href", "/legal/terminos-y-privacidad.pdf");
    }
    const pdf = await page.request.get("/legal/terminos-y-privacidad.pdf");
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await expect(footer.getByText(/© \d{4} Rodamos/).first()).toBeVisible();
    await expect(footer.getByText("Calle 93 #11-26, Bogotá, Colombia")).toBeVisible();
    await expect(footer.getByRole("heading", { name: "Únete a nuestra comunidad" })).toBeHidden();
  });

  test("at 480 px: community heading, social icons, about, contact, FAQ, logo and copyright", async ({ page }) => {
    await page.setViewportSize({ width: 480, height: 800 });
    await page.goto("/faq");
    const footer = page.locator("footer.site-footer");
    await expect(footer.getByRole("heading", { name: "Únete a nuestra comunidad" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Síguenos en Instagram" })).toBeVisible();
    for (const name of ["Nosotros", "Contacto", "Preguntas frecuentes"]) {
      await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: /Política de privacidad/ })).toBeHidden();
    await expect(footer.getByRole("img", { name: "Rodamos" })).toBeVisible();
  });
});
