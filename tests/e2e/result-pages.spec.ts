/**
 * The 404 page for unknown paths, the thank-you page and the payment result page:
 * Loading, then Success / Cancelled / Error by the order's payment state.
 */
import { expect, test } from "./reused-page";

test("an unknown path lands on the 404 page, which leads home", async ({ page }) => {
  await page.goto("/no-existe-esta-pagina");
  await expect(page).toHaveURL(/\/error404$/);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Página no disponible");
  await expect(page.getByText("Es posible que la página que buscas haya sido eliminada o que haya cambiado de nombre.")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await page.locator("main").getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("an unknown path under a site prefix lands on that site's 404 page", async ({ page }) => {
  await page.goto("/cl/es-cl/algo/que/no/existe");
  await expect(page).toHaveURL(/\/cl\/es-cl\/error404$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Página no disponible");
});

test("the thank-you page", async ({ page }) => {
  await page.goto("/response-payment");
  await expect(page.getByRole("heading", { level: 1, name: "Gracias por su compra" })).toBeVisible();
  await expect(page.getByText("todas las reservas incluyen un ticket de traslado de ida y vuelta")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test.describe("payment result", () => {
  for (const [state, title, extra] of [
    ["paid", "¡Pago exitoso!", "Tu reserva está confirmada"],
    ["cancelled", "Pago cancelado", "Tu pago se realizó incorrectamente"],
    ["awaiting_payment", "Oops", "Ocurrió un error con tu pago"],
  ] as const) {
    test(`order state ${state} shows "${title}"`, async ({ page }) => {
      let asked = "";
      // The answer is held until the Loading view has been seen: a fixed delay can pass unseen on a busy machine.
      let answer = () => {};
      const seen = new Promise<void>((resolve) => (answer = resolve));
      await page.route("**/shop-api/order-status/**", async (route) => {
        asked = route.request().url();
        await seen;
        await route.fulfill({ json: { success: true, data: { order: { paymentState: state } } } });
      });
      await page.goto("/order-detail/4711?token_ws=abc123");
      await expect(page.getByText("Estamos verificando el estado de tu pago…")).toBeVisible();
      answer();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(extra)).toBeVisible();
      await expect(page.getByText("Pedido N.º 4711")).toBeVisible();
      await expect(page.getByText("todas las reservas incluyen un ticket de traslado de ida y vuelta")).toBeVisible();
      expect(asked).toMatch(/\/shop-api\/order-status\/4711\?token_ws=abc123$/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    });
  }

  test("a failed status call shows the Error view", async ({ page }) => {
    await page.route("**/shop-api/order-status/**", (route) => route.fulfill({ status: 500, json: { success: false, code: "internal_error", message: "x" } }));
    await page.goto("/order-detail/99");
    await expect(page.getByRole("heading", { level: 1, name: "Oops" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Escríbenos" })).toHaveAttribute("href", "/contact");
  });

  test("/order-rejected shows the Error view at once, in the site's language", async ({ page }) => {
    await page.goto("/order-rejected");
    await expect(page.getByRole("heading", { level: 1, name: "Oops" })).toBeVisible();
    await expect(page.getByText("No pudimos confirmar tu pago.")).toBeVisible();
    await page.goto("/co/en-us/order-rejected");
    await expect(page.getByRole("heading", { level: 2, name: "Something went wrong with your payment" })).toBeVisible();
  });
});
