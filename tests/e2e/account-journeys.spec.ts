/**
 * Accounts as a new person lives them: sign up, verify from the mailed link, log in,
 * greeting, profile, friends, addresses, log out; recovery and reset; a wrong password; an expired session.
 */
import { expect, test } from "./reused-page";
import { PASSWORD, fillSignUp, logInWith, mailedLink, openAuthDialog, signedInPage, uniqueEmail, verifiedCustomer } from "./account-helpers";

test("sign up, verify from the mail, log in, edit the profile, add a friend and an own address, log out", async ({ page, request }) => {
  const email = uniqueEmail("camila");
  await page.goto("/");
  await openAuthDialog(page, "login");
  // Log-in and sign-up switch: one closes as the other opens.
  await page.locator("[data-dialog=login]").getByRole("button", { name: "Regístrate" }).click();
  await expect(page.locator("[data-dialog=signup]")).toBeVisible();
  await expect(page.locator("[data-dialog=login]")).toHaveCount(0);

  await fillSignUp(page, { email, firstName: "Camila", lastName: "Rojas" });
  await page.locator("[data-dialog=signup]").getByRole("button", { name: "Registrarme" }).click();
  await expect(page.locator("[data-dialog=signup-sent]")).toContainText(`Te enviamos un correo a ${email}`);
  await page.getByRole("button", { name: "Entendido" }).click();

  // The same email again is refused with the catalogue's "already registered" message.
  await openAuthDialog(page, "signup");
  await fillSignUp(page, { email, firstName: "Camila", lastName: "Rojas" });
  await page.locator("[data-dialog=signup]").getByRole("button", { name: "Registrarme" }).click();
  await expect(page.locator(".toast-error")).toContainText("El correo ingresado ya se encuentra registrado");
  await page.keyboard.press("Escape");

  await page.goto(await mailedLink(request, email, "verify-account"));
  await expect(page.getByRole("heading", { name: "Verifica tu Cuenta" })).toBeVisible();
  await expect(page.getByText("Cuenta verificada correctamente")).toBeVisible();
  await page.getByRole("button", { name: "Iniciar sesión" }).last().click();
  await logInWith(page, email, PASSWORD);
  await expect(page.locator(".toast-success")).toContainText("Sesión iniciada correctamente");
  await expect(page.locator("[data-greeting]:visible").first()).toHaveText("Hola, Camila Rojas");

  await page.locator("[data-account-in]:visible [data-disclosure]").first().click();
  await page.getByRole("link", { name: "Mi Cuenta" }).first().click();
  await expect(page).toHaveURL(/\/my-account\/profile$/);
  await expect(page.locator("[data-account-name]")).toHaveText("Camila Rojas");
  const profile = page.locator(".profile-form");
  await profile.getByLabel("Nombre").fill("Camila Andrea");
  await profile.getByLabel("Cédula").fill("1020304050");
  const save = profile.getByRole("button", { name: "Guardar cambios" });
  // Save waits for gender (and the other four).
  await expect(save).toBeDisabled();
  await profile.getByLabel("Género").selectOption("female");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.locator(".toast-success")).toContainText("Tus datos fueron actualizados");
  await page.reload();
  await expect(profile.getByLabel("Nombre")).toHaveValue("Camila Andrea");
  await expect(profile.getByLabel("Cédula")).toHaveValue("1020304050");
  await expect(profile.getByLabel("Género")).toHaveValue("female");
  await expect(page.locator("[data-greeting]:visible").first()).toHaveText("Hola, Camila Andrea Rojas");

  await page.getByRole("link", { name: "Amigos frecuentes" }).click();
  await expect(page).toHaveURL(/\/my-account\/frecuentFriends$/);
  await expect(page.getByText("Aún no tienes amigos frecuentes registrados")).toBeVisible();
  const friendForm = page.locator("form[aria-labelledby=friend-form-title]");
  await friendForm.getByLabel("Nombre completo").fill("Pedro Gómez");
  await friendForm.getByLabel("Teléfono").fill("30012345");
  await friendForm.getByLabel("Email").fill("pedro@example.com");
  await friendForm.getByRole("button", { name: "Agregar amigo" }).click();
  await expect(friendForm.getByText("Teléfono inválido")).toBeVisible();
  await friendForm.getByLabel("Teléfono").fill("912345678");
  await friendForm.getByRole("button", { name: "Agregar amigo" }).click();
  await expect(page.locator("[data-friend]")).toHaveCount(1);
  await expect(friendForm.getByLabel("Nombre completo")).toHaveValue("");
  await expect(page.locator("[data-friend]")).toContainText("Pedro Gómez");

  await page.getByRole("link", { name: "Direcciones frecuentes" }).click();
  await expect(page.getByText("Aún no tienes direcciones frecuentes registradas")).toBeVisible();
  const addressForm = page.locator("form[aria-labelledby=address-form-title]");
  await addressForm.getByLabel("Dirección", { exact: true }).fill("Ca");
  await addressForm.getByRole("button", { name: "Agregar dirección" }).click();
  await expect(addressForm.getByText("Debe ser mayor 3 caracteres")).toBeVisible();
  await addressForm.getByLabel("Dirección", { exact: true }).fill("Calle 85 #15-20");
  await addressForm.getByLabel("Municipio").selectOption({ label: "Chapinero" });
  await addressForm.getByRole("button", { name: "Agregar dirección" }).click();
  await expect(page.locator("[data-address]")).toHaveCount(1);
  await addressForm.getByLabel("Dirección", { exact: true }).fill("Carrera 7 #71-21");
  await addressForm.getByLabel("Municipio").selectOption({ label: "Usaquén" });
  await addressForm.getByRole("button", { name: "Agregar dirección" }).click();
  await expect(page.locator("[data-address]")).toHaveCount(2);
  await page.getByRole("button", { name: "Marcar como mía: Carrera 7 #71-21" }).click();
  await expect(page.locator("[data-address].is-own")).toHaveCount(1);
  await expect(page.locator("[data-address].is-own")).toContainText("Carrera 7 #71-21");
  await page.reload();
  await expect(page.locator("[data-address].is-own")).toContainText("Mi dirección");
  // Deleting asks first, then the row goes and stays gone after a reload.
  await page.getByRole("button", { name: "Eliminar: Calle 85 #15-20" }).click();
  await page.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page.locator("[data-address]")).toHaveCount(1);
  await page.reload();
  await expect(page.locator("[data-address]")).toHaveCount(1);
  await expect(page.locator("[data-address]")).toContainText("Carrera 7 #71-21");

  await page.getByRole("link", { name: "Historial de compras" }).click();
  await expect(page.getByText("Este usuario no tiene compras asociadas")).toBeVisible();
  await page.getByRole("link", { name: "Tus eventos" }).click();
  await expect(page.getByText("Aún no has creado un evento privado")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/my-account\/payments$/);

  await page.locator("[data-account-in]:visible [data-disclosure]").first().click();
  await page.getByRole("button", { name: "Salir" }).first().click();
  // Signing out of the account area goes home; storage is read once that page has loaded.
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await page.waitForLoadState("load");
  await expect(page.locator("[data-auth=login]:visible").first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("shop.token"))).toBeNull();
});

test("recovery mails a link; a mismatch is refused without a call; the new password logs in", async ({ page, request }) => {
  const person = await verifiedCustomer(request, "Mateo", "Vargas");
  await page.goto("/");
  await openAuthDialog(page, "login");
  await page.getByRole("button", { name: "¿Olvidaste tu contraseña?" }).click();
  const recovery = page.locator("[data-dialog=recovery]");
  await recovery.getByLabel("Email").fill("nadie.registrado@example.com");
  await recovery.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page.locator(".toast-error")).toContainText("El correo ingresado no se encuentra registrado");
  await recovery.getByLabel("Email").fill(person.email);
  await recovery.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(recovery).toContainText("Te enviaremos un correo con un enlace para restablecer tu contraseña.");

  await page.goto(await mailedLink(request, person.email, "recovery-account"));
  let resetCalls = 0;
  page.on("request", (req) => {
    if (req.url().includes("/shop-api/reset-password")) resetCalls += 1;
  });
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("otra-clave-1");
  await page.getByLabel("Repite la nueva contraseña").fill("otra-clave-2");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.locator(".toast-error")).toContainText("LAS CONTRASEÑAS INGRESADAS DEBEN COINCIDIR");
  expect(resetCalls).toBe(0);
  await page.getByLabel("Repite la nueva contraseña").fill("otra-clave-1");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByRole("heading", { name: "¡Contraseña actualizada!" })).toBeVisible();
  expect(resetCalls).toBe(1);

  await page.getByRole("button", { name: "Iniciar sesión" }).last().click();
  await logInWith(page, person.email, "otra-clave-1");
  await expect(page.locator("[data-greeting]:visible").first()).toHaveText("Hola, Mateo Vargas");
});

test("a wrong password shows login_error and keeps the person logged out", async ({ page, request }) => {
  const person = await verifiedCustomer(request, "Sofía", "Mejía");
  await page.goto("/");
  await openAuthDialog(page, "login");
  await logInWith(page, person.email, "no-es-la-clave");
  await expect(page.locator(".toast-error")).toContainText("Email o contraseña incorrectos");
  await expect(page.locator("[data-dialog=login] [role=alert]")).toContainText("Email o contraseña incorrectos");
  expect(await page.evaluate(() => localStorage.getItem("shop.token"))).toBeNull();
});

/** A token that reads well but expires `inSeconds` from now (negative: already expired). */
function tokenExpiring(inSeconds: number): string {
  const header = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
  const payload = Buffer.from(JSON.stringify({ sub: "1", exp: Math.floor(Date.now() / 1000) + inSeconds })).toString("base64url");
  return `${header}.${payload}.signature`;
}

for (const [what, token] of [
  ["an expired token", tokenExpiring(-60)],
  ["a token within 5 s of its expiry", tokenExpiring(3)],
  ["an unreadable token", "not-a-token"],
] as const) {
  test(`${what} in storage is removed and /my-account sends the person to /, where the log-in opens`, async ({ page }) => {
    await page.addInitScript((stored) => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("shop.token", stored);
      localStorage.setItem("shop.user", JSON.stringify({ id: 1, email: "x@example.com", firstName: "Ex", lastName: "Pirado" }));
    }, token);
    await page.goto("/my-account/payments");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("[data-dialog=login]")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("shop.token"))).toBeNull();
  });
}

test("no session at all: /my-account sends the person to /, and after the log-in back to the tab", async ({ page, request }) => {
  const person = await verifiedCustomer(request, "Sin", "Sesion");
  await page.goto("/my-account/frecuentFriends");
  await expect(page).toHaveURL(/\/$/);
  await logInWith(page, person.email, PASSWORD);
  await expect(page.getByRole("heading", { name: "Amigos frecuentes" })).toBeVisible();
  await expect(page).toHaveURL(/\/my-account\/frecuentFriends$/);
});

test("a forged verification link shows the failure text", async ({ page }) => {
  await page.goto(`/verify-account/${"x".repeat(43)}`);
  await expect(page.getByText("Ocurrio un error al verificar la cuenta")).toBeVisible();
});

test("an unverified account is told to verify and can ask for a new link", async ({ page, request }) => {
  const email = uniqueEmail("pendiente");
  await request.post("/shop-api/register", {
    data: { email, plainPassword: PASSWORD, firstName: "Ana", lastName: "Pendiente", phoneNumber: "573001234567", countryCode: "CO", birthday: "1990-01-01" },
  });
  await page.goto("/");
  await openAuthDialog(page, "login");
  await logInWith(page, email, PASSWORD);
  const problem = page.locator("[data-dialog=login] [role=alert]");
  await expect(problem).toContainText("Tu cuenta aún no está verificada");
  await problem.getByRole("button", { name: "Reenviar el correo de verificación" }).click();
  await expect(page.locator(".toast-success")).toContainText("Te enviamos un nuevo enlace de verificación");
});

test("the account area in another site keeps its prefix and language", async ({ page, request }) => {
  const person = await verifiedCustomer(request, "Tomás", "Silva");
  await signedInPage(page, request, person);
  await page.goto("/co/en-us/my-account/frecuentAddresses");
  await expect(page.getByRole("heading", { name: "Frequent addresses" })).toBeVisible();
  await page.getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/co\/en-us\/my-account\/profile$/);
  await expect(page.getByLabel("ID number (Cédula)")).toBeVisible();
  // Each country's documents keep their own names; the passport is said in the reader's language.
  const documents = page.getByLabel("Document type").locator("option");
  await expect(documents.filter({ hasText: "Passport" })).toHaveCount(1);
  await expect(documents.filter({ hasText: "Pasaporte" })).toHaveCount(0);
});
