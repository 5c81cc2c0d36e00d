/**
 * The staff area's shell: staff and admins reach it from the header's account menu and move between its
 * sections; a customer who opens it is sent home, a visitor is asked to log in.
 */
import { expect, test } from "./reused-page";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { logInWith, openAuthDialog } from "./account-helpers";
import { seriousViolations, structureViolations } from "./axe";
import { DEMO_CUSTOMER, signIn } from "./booking-helpers";
import { watchConsole } from "./content-helpers";

const SECTIONS = ["Escanear tickets", "Transferencias", "Pedidos", "Recorridos", "Eventos privados"];

for (const role of ["staff", "admin"] as const) {
  test(`${role}: the header's menu leads to the staff area, whose sections each have an address`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/");
    await openAuthDialog(page, "login");
    await logInWith(page, DEMO_ACCOUNTS[role].email, DEMO_ACCOUNTS[role].password);
    const header = page.locator("header");
    await header.getByRole("button", { name: /Hola/ }).first().click();
    await header.getByRole("link", { name: "Área de personal" }).first().click();
    await expect(page).toHaveURL(/\/staff$/);
    const menu = page.getByRole("navigation", { name: "Secciones del área de personal" });
    for (const name of SECTIONS) await expect(menu.getByRole("link", { name })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Escanear tickets" })).toHaveAttribute("aria-current", "page");

    await menu.getByRole("link", { name: "Recorridos" }).click();
    await expect(page).toHaveURL(/\/staff\/manifests$/);
    await expect(page.getByRole("region", { name: "Recorridos" })).toBeVisible();
    await page.goBack();
    await expect(menu.getByRole("link", { name: "Escanear tickets" })).toHaveAttribute("aria-current", "page");
    expect(await seriousViolations(page, { exclude: ".site-footer" })).toEqual([]);
    expect(await structureViolations(page)).toEqual([]);
    // The orders' own search box beside the header's: two search landmarks, each with its name.
    await menu.getByRole("link", { name: "Pedidos" }).click();
    await expect(page.getByRole("search", { name: "Buscar", exact: true })).toBeVisible();
    expect(await structureViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test("/qr-verification opens the scanner section of the staff area", async ({ page, request }) => {
  // Signed in through the API: the log-in dialog is the journeys' above, not this one's.
  await signIn(page, request, { ...DEMO_ACCOUNTS.staff, firstName: "Staff", lastName: "Rodamos" });
  await page.goto("/qr-verification");
  await expect(page.locator("header").getByRole("button", { name: /Hola/ }).first()).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Secciones del área de personal" });
  await expect(menu.getByRole("link", { name: "Escanear tickets" })).toHaveAttribute("aria-current", "page");
});

test("a customer who opens the staff area is sent home and sees no staff entry", async ({ page, request }) => {
  await signIn(page, request, DEMO_CUSTOMER);
  await page.goto("/staff/transfers");
  await expect(page).toHaveURL(/\/$/);
  await page.locator("header").getByRole("button", { name: /Hola/ }).first().click();
  await expect(page.locator("header").getByRole("link", { name: "Área de personal" })).toHaveCount(0);
});

test("a visitor who opens the scanner is asked to log in there, and staff land on the scanner", async ({ page }) => {
  await page.goto("/qr-verification");
  await expect(page.getByText("Inicia sesión para continuar.")).toBeVisible();
  await logInWith(page, DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password);
  const menu = page.getByRole("navigation", { name: "Secciones del área de personal" });
  await expect(menu.getByRole("link", { name: "Escanear tickets" })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveURL(/\/qr-verification$/);
});
