/**
 * Opening the verification link a second time (a double click, a mail client that opened it first) used to
 * say "Ocurrio un error al verificar la cuenta" although the account is verified (found by hand). A spent
 * link now says the account is already verified and offers log-in.
 */
import { expect, test } from "./reused-page";
import { PASSWORD, mailedLink, uniqueEmail } from "./account-helpers";

test("a verification link opened twice says the account is already verified", async ({ page, request }) => {
  const email = uniqueEmail("dos.veces");
  const registered = await request.post("/shop-api/register", {
    data: { email, plainPassword: PASSWORD, firstName: "Sara", lastName: "Mejía", phoneNumber: "573001234567", countryCode: "CO", birthday: "1990-01-01" },
  });
  expect(registered.status()).toBe(201);
  const link = await mailedLink(request, email, "verify-account");
  await page.goto(link);
  await expect(page.getByText("Cuenta verificada correctamente")).toBeVisible();

  await page.goto(`/co/en-us${link}`);
  await expect(page.getByText("Your account is already verified: log in to continue.")).toBeVisible();
  await expect(page.getByText("An error occurred while verifying the account")).toBeHidden();
  await page.locator("main").getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("dialog", { name: "Log in" })).toBeVisible();
});
