/** Helpers for the account journeys: the dev outbox, opening the auth dialogs, signing up and in. */
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const PASSWORD = "clave-segura-1";

export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The newest link of that kind mailed to the address (the dev outbox at /dev/outbox.json), as path and query. */
export async function mailedLink(request: APIRequestContext, email: string, page: "verify-account" | "recovery-account" | "claim"): Promise<string> {
  const marker = page === "claim" ? "/my-account/events?claim=" : `/${page}/`;
  let link: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
      const mails = ((await answer.json()) as { data: { links: string[] }[] }).data;
      link = mails.flatMap((mail) => mail.links).find((candidate) => candidate.includes(marker));
      return link;
    })
    .toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** Clicks the header's log-in or sign-up control (opening the mobile drawer first on narrow screens). */
export async function openAuthDialog(page: Page, dialog: "login" | "signup") {
  const control = page.locator(`[data-auth=${dialog}]:visible`).first();
  if ((await control.count()) === 0) await page.locator("[data-drawer-open]").click();
  await page.locator(`[data-auth=${dialog}]:visible`).first().click();
  await expect(page.locator(`[data-dialog=${dialog}]`)).toBeVisible();
}

export async function fillSignUp(page: Page, person: { email: string; firstName: string; lastName: string }) {
  const dialog = page.locator("[data-dialog=signup]");
  await dialog.getByLabel("Nombre", { exact: true }).fill(person.firstName);
  await dialog.getByLabel("Apellido").fill(person.lastName);
  await dialog.getByLabel("Email").fill(person.email);
  await dialog.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await dialog.getByLabel("Teléfono").fill("3001234567");
  await dialog.getByLabel("Fecha de nacimiento").fill("1992-04-18");
}

export async function logInWith(page: Page, email: string, password: string) {
  const dialog = page.locator("[data-dialog=login]");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Contraseña", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Ingresar" }).click();
}

/** A verified customer made through the API (sign-up, mailed link, verification). */
export async function verifiedCustomer(request: APIRequestContext, firstName = "Laura", lastName = "Ospina") {
  const email = uniqueEmail(firstName.toLowerCase());
  const registered = await request.post("/shop-api/register", {
    data: { email, plainPassword: PASSWORD, firstName, lastName, phoneNumber: "573001234567", countryCode: "CO", birthday: "1990-01-01" },
  });
  expect(registered.status()).toBe(201);
  const link = await mailedLink(request, email, "verify-account");
  const token = link.split("/").pop()!;
  expect((await request.get(`/shop-api/verify-account?token=${token}`)).status()).toBe(200);
  return { email, firstName, lastName };
}

/** Logs in through the API and puts the session where the shop keeps it, before any page script runs. */
export async function signedInPage(page: Page, request: APIRequestContext, person: { email: string; firstName: string; lastName: string }) {
  const answer = await request.post("/shop-api/login", { data: { email: person.email, password: PASSWORD } });
  const { token } = ((await answer.json()) as { data: { token: string } }).data;
  const user = { id: 0, email: person.email, firstName: person.firstName, lastName: person.lastName };
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem("shop.token", t);
      localStorage.setItem("shop.user", u);
    },
    [token, JSON.stringify(user)] as const,
  );
}
