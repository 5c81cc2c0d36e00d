/**
 * Booking journeys: a customer books two tickets with addresses and passengers and pays by
 * MercadoPago (approve and reject) and bank transfer (Webpay settles Chilean pesos and is not offered here); then sees each purchase in the account
 * with its state, and the QR code of the paid ones.
 */
import { expect, test } from "./reused-page";
import {
  bookTwoSeats,
  expectPaymentResult,
  newCustomer,
  payWith,
  purchaseRow,
  signIn,
  wizard,
} from "./booking-helpers";

test.describe.configure({ timeout: 90_000 });

// Webpay settles Chilean pesos only, so a Colombian order pays by MercadoPago.
test("MercadoPago approved: the simulator's approval returns to a paid order whose QR shows in the account", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await bookTwoSeats(page);
  await payWith(page, "Mercado Pago");
  await expect(page).toHaveURL(/\/payments-sim\/mercadopago\//);
  await expect(page.getByText("130.000")).toBeVisible();
  await page.getByRole("button", { name: "Aprobar pago" }).click();
  const orderId = await expectPaymentResult(page, "success");

  await page.goto("/my-account/payments");
  const row = purchaseRow(page, orderId);
  await expect(row).toContainText("Pagado");
  await expect(row).toContainText("Festival Sonidos de la Sabana");
  await row.getByRole("button", { name: `Ver el detalle del pedido N.º ${orderId}` }).click();
  const detail = page.getByTestId("purchase-detail");
  await expect(detail.getByRole("heading", { name: `Pedido N.º ${orderId}` })).toBeVisible();
  await expect(detail.getByRole("img", { name: `Código QR del pedido N.º ${orderId}` })).toBeVisible();
  await expect(detail).toContainText("COP 130.000");
  // The first ticket is open with its passenger and address, the second closed until asked.
  // (Read in the tickets: each passenger's name also shows on their own ticket code.)
  const tickets = detail.locator(".purchase-tickets");
  await expect(tickets.getByText("Ana Gómez")).toBeVisible();
  await expect(detail.getByText("Calle 45 # 13-20").first()).toBeVisible();
  await expect(detail.getByText("Chapinero")).toBeVisible();
  await expect(tickets.getByText("Luis Pardo")).toBeHidden();
  await detail.getByRole("button", { name: /^Ticket 2:/ }).click();
  await expect(tickets.getByText("Luis Pardo")).toBeVisible();
  await detail.getByRole("link", { name: "Volver a mis compras" }).click();
  await expect(purchaseRow(page, orderId)).toBeVisible();
});

test("MercadoPago rejected: the order is cancelled, and a cancelled purchase has a gray icon and no detail", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await bookTwoSeats(page);
  await payWith(page, "Mercado Pago");
  await page.getByRole("button", { name: "Rechazar pago" }).click();
  const orderId = await expectPaymentResult(page, "cancelled");

  await page.goto("/my-account/payments");
  const row = purchaseRow(page, orderId);
  await expect(row).toContainText("Cancelado");
  await expect(row.getByRole("button", { name: /Ver el detalle/ })).toHaveCount(0);
  await expect(row.getByRole("img", { name: "Compra cancelada: no tiene detalle" })).toBeVisible();
});

test("bank transfer: step 4 shows the bank details and the 24 h note; finish leads to a pending purchase", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await bookTwoSeats(page);
  await payWith(page, "Transferencia bancaria");
  const transfer = wizard(page).getByTestId("booking-transfer");
  await expect(wizard(page).getByRole("heading", { name: "¡Tu reserva quedó registrada!" })).toBeVisible();
  await expect(transfer).toContainText("Banco");
  await expect(transfer).toContainText("Número de cuenta");
  await expect(transfer).toContainText("24 horas");
  const orderText = await wizard(page).locator(".bk-order-line strong").innerText();
  const orderId = Number(/(\d+)/.exec(orderText)![1]);
  await wizard(page).getByRole("button", { name: "Finalizar" }).click();

  await expect(page).toHaveURL(/\/my-account\/payments$/);
  await expect(purchaseRow(page, orderId)).toContainText("Pendiente");
  await purchaseRow(page, orderId).getByRole("button", { name: /Ver el detalle/ }).click();
  const detail = page.getByTestId("purchase-detail");
  await expect(detail).toContainText("El código QR aparecerá cuando la compra esté pagada.");
  await expect(detail.getByRole("img", { name: /Código QR/ })).toHaveCount(0);
  // The draft is gone once the purchase is done: the event starts over.
  await page.goto("/event/festival-sonidos-de-la-sabana");
  await page.locator("#booking-wizard").scrollIntoViewIfNeeded();
  await expect(wizard(page).getByTestId("booking-total")).toHaveText("COP 0");
});
