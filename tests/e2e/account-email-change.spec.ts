/** The profile's change-email form and the header's Salir, which ends the session on the server too. */
import { expect, test } from "./reused-page";
import { PASSWORD, signedInPage, uniqueEmail, verifiedCustomer } from "./account-helpers";

test("the email changes only from the link mailed to the new address, with the current password", async ({ page, request }) => {
  const person = await verifiedCustomer(request, "Sara", "Mejía");
  await signedInPage(page, request, person);
  await page.goto("/my-account/profile");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(person.email);
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");

  const form = page.locator(".email-change-form");
  const newEmail = uniqueEmail("sara.nueva");
  await form.getByLabel("Correo nuevo").fill(newEmail);
  await form.getByLabel("Tu contraseña actual").fill("no-es-esta");
  await form.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(form.getByText("La contraseña no es correcta")).toBeVisible();

  await form.getByLabel("Tu contraseña actual").fill(PASSWORD);
  await form.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.locator(".toast-success")).toContainText(`Te enviamos un enlace a ${newEmail}`);

  let link: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/dev/outbox.json?to=${encodeURIComponent(newEmail)}`);
      link = ((await answer.json()) as { data: { links: string[] }[] }).data.flatMap((mail) => mail.links).find((href) => href.includes("/confirm-email"));
      return link;
    })
    .toBeTruthy();
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page).toHaveURL(/\/\?email-change=confirmed$/);
  expect((await request.post("/shop-api/login", { data: { email: newEmail, password: PASSWORD } })).status()).toBe(200);
});

test("Salir ends the session on the server: the old token no longer opens the account", async ({ page, request }) => {
  const person = await verifiedCustomer(request, "Tomás", "Ríos");
  await signedInPage(page, request, person);
  await page.goto("/");
  const token = await page.evaluate(() => localStorage.getItem("shop.token"));
  await page.locator("[data-account-in]:visible [data-disclosure]").first().click();
  // (signedInPage puts the token back on every load, so the header is not what this checks: the server is.)
  await page.getByRole("button", { name: "Salir" }).first().click();
  await expect.poll(async () => (await request.get("/shop-api/me", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
});
