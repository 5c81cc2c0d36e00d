/**
 * A Spanish customer's transfer order read from the account on a phone (390 px): every time on the page is the
 * event's clock (Madrid's), named "hora de Madrid" when the phone's clock is elsewhere (Bogotá) and not named when it
 * is in Madrid; the transfer goes to Spain's bank account (IBAN, BIC), never Colombia's (issue 44 §2, §3, §7).
 * The order is booked through the API, as the door journeys book theirs; each attempt has its own customer.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { PASSWORD, mailedLink, uniqueEmail } from "./account-helpers";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { signIn, type Person } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { keepShot } from "./shots";
import { transferOrder } from "./scanner-helpers";

const DERBY = "derbi-madrileno-metropolitano";
const SITE = "/es/es-es";
const STAFF: Person = { ...DEMO_ACCOUNTS.staff, firstName: "Equipo", lastName: "Rodamos" };

async function data<T>(answer: Promise<{ status(): number; json(): Promise<unknown> }>, status = 200): Promise<T> {
  const response = await answer;
  const body = (await response.json()) as { data: T };
  expect(response.status(), JSON.stringify(body)).toBe(status);
  return body.data;
}

/** A verified customer whose account is Spanish (country ES, a Spanish phone). */
async function spanishCustomer(request: APIRequestContext): Promise<Person> {
  const email = uniqueEmail("lucia");
  const registered = await request.post("/shop-api/register", {
    data: { email, plainPassword: PASSWORD, firstName: "Lucía", lastName: "Martín", phoneNumber: "34612345678", countryCode: "ES", birthday: "1990-01-01" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = (await mailedLink(request, email, "verify-account")).split("/").pop()!;
  expect((await request.get(`/shop-api/verify-account?token=${token}`)).status()).toBe(200);
  return { email, password: PASSWORD, firstName: "Lucía", lastName: "Martín" };
}

/** One seat to the Madrid derby, to pay by bank transfer, bought on the Spanish site: its order id and what the API says of it. */
async function derbyByTransfer(request: APIRequestContext, buyer: Person) {
  const auth = { authorization: `Bearer ${(await data<{ token: string }>(request.post("/shop-api/login", { data: { email: buyer.email, password: buyer.password } }))).token}` };
  const address = "Calle de Alcalá 100";
  const started = await transferOrder(request, auth, buyer.email, ["Lucía Martín"], DERBY, { address, phone: "612345678" }, SITE);
  const detail = await data<{ order: { date: string; eventDate: string; holdExpiresAt: string } }>(request.get(`/shop-api/order-detail/${started.orderId}`, { headers: auth }));
  return { orderId: started.orderId, iban: started.iban, ...detail.order };
}

/** dd-MM-yyyy HH:mm of an instant on a zone's wall clock, written here independently of the shop's formatter. */
function wallClock(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

for (const reader of [
  { where: "Bogotá", timezoneId: "America/Bogota", named: true },
  { where: "Madrid", timezoneId: "Europe/Madrid", named: false },
]) {
  test.describe(`read from a phone in ${reader.where}`, () => {
    test.use({ timezoneId: reader.timezoneId, viewport: { width: 390, height: 844 } });

    test(`a Spanish transfer order shows Madrid's clock${reader.named ? ", named," : ""} and Spain's bank account`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const errors = watchConsole(page);
      const buyer = await spanishCustomer(request);
      const order = await derbyByTransfer(request, buyer);
      expect(order.iban).toMatch(/^ES\d{2}/);
      // The derby kicks off at 21:00 in Madrid: 15:00 in Bogotá, which the page must never show.
      expect(wallClock(order.eventDate, "Europe/Madrid")).toMatch(/ 21:00$/);
      const named = (text: string) => (reader.named ? `${text} (hora de Madrid)` : text);

      await signIn(page, request, buyer);
      await page.goto(`${SITE}/my-account/payments`);
      const row = page.locator(`[data-purchase="${order.orderId}"]`);
      await expect(row).toContainText(named(wallClock(order.date, "Europe/Madrid")));
      if (!reader.named) await expect(row).not.toContainText("hora de");

      await row.getByRole("button", { name: `Ver el detalle del pedido n.º ${order.orderId}` }).click();
      const detail = page.getByTestId("purchase-detail");
      await expect(detail.getByRole("heading", { name: `Pedido n.º ${order.orderId}` })).toBeVisible();
      const travel = detail.locator(".purchase-facts div", { hasText: "Fecha del traslado" });
      await expect(travel).toContainText(wallClock(order.eventDate, "Europe/Madrid"));
      await expect(detail).not.toContainText(wallClock(order.eventDate, "America/Bogota"));
      await expect(detail.getByTestId("purchase-transfer")).toContainText(`reservados hasta el ${wallClock(order.holdExpiresAt, "Europe/Madrid")}`);
      if (reader.named) await expect(detail.getByTestId("purchase-clock")).toHaveText("Las horas de esta compra están en hora de Madrid, la del evento.");
      else await expect(detail.getByTestId("purchase-clock")).toHaveCount(0);

      // The page's calendar file is on Madrid's clock too: a calendar then shows each reader their own hour.
      const ics = decodeURIComponent((await detail.getByRole("link", { name: "Añadir la ida al calendario" }).getAttribute("href"))!.split(",")[1]!);
      expect(ics).toMatch(/DTSTART;TZID=Europe\/Madrid:\d{8}T\d{6}\r\n/);
      expect(ics).not.toContain("America/Bogota");

      const transfer = detail.getByTestId("purchase-transfer");
      await expect(transfer).toContainText(order.iban);
      await expect(transfer).toContainText("IBAN");
      await expect(transfer).toContainText("BIC");
      await expect(transfer).toContainText("España");
      await expect(transfer).not.toContainText("Bancolombia");
      await expect(transfer).not.toContainText("Ahorros");

      await keepShot(page, `spanish-transfer/order-390-${reader.where.toLowerCase()}`, { fullPage: true });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, "the page scrolls sideways at 390 px").toBeLessThanOrEqual(390);
      await expectNoSeriousViolations(page, {}, "the order read on a phone");

      // Staff validating the transfer read the same clock, named the same way.
      await signIn(page, request, STAFF); // the later session wins
      await page.goto("/staff/transfers");
      const staffRow = page.locator(`[data-order="${order.orderId}"]`);
      await expect(staffRow).toContainText(named(wallClock(order.date, "Europe/Madrid")));
      await expect(staffRow).toContainText(named(wallClock(order.eventDate, "Europe/Madrid")));
      if (!reader.named) await expect(staffRow).not.toContainText("hora de");
      await keepShot(page, `spanish-transfer/staff-transfers-390-${reader.where.toLowerCase()}`, { fullPage: true });
      await expectNoSeriousViolations(page, {}, "the transfers to validate on a phone");
      expect(errors).toEqual([]);
    });
  });
}
