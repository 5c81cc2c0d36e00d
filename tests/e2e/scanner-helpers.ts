/** The van door's journeys: paid tickets bought through the API, and a fake camera that shows one of them. */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { expect, type APIRequestContext, type Locator } from "@playwright/test";
import QRCode from "qrcode";
import sharp from "sharp";
import { DEMO_ACCOUNTS } from "../../src/server/db/seed/users";
import { PASSWORD, verifiedCustomer } from "./account-helpers";
import { FESTIVAL } from "./booking-helpers";

async function data<T>(answer: Promise<{ status(): number; json(): Promise<unknown> }>, status = 200): Promise<T> {
  const response = await answer;
  const body = (await response.json()) as { data: T };
  expect(response.status(), JSON.stringify(body)).toBe(status);
  return body.data;
}

export async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  return (await data<{ token: string }>(request.post("/shop-api/login", { data: { email, password } }))).token;
}

export interface PaidTicket {
  orderId: number;
  qr: string;
  customer: { name: string; email: string };
  /** Each passenger's own code, as the account page shows them. */
  passengers: { passengerId: number; name: string; qr: string }[];
}

/**
 * A new customer buys one festival seat per passenger named (one, the buyer, by default) by bank transfer and
 * staff confirm the transfer: a paid order whose codes are the ones the account page shows.
 */
export async function paidTicket(request: APIRequestContext, firstName: string, passengerNames: string[] = [`${firstName} Pasajera`], slug = FESTIVAL): Promise<PaidTicket> {
  const person = await verifiedCustomer(request, firstName, "Pasajera");
  const auth = { authorization: `Bearer ${await tokenOf(request, person.email, PASSWORD)}` };
  const event = await data<{ id: number; calendars: { id: number }[]; place: { id: number } }>(request.get(`/api/events/${slug}`));
  const eventDateId = event.calendars[0]!.id;
  const categories = await data<{ subCategories: { productVariantId: number; provinceId: number; approach: unknown[]; stock: number }[] }[]>(
    request.get(`/api/events/${event.id}/product-variant?eventDateId=${eventDateId}`),
  );
  const variant = categories.flatMap((category) => category.subCategories).find((sub) => sub.approach.length === 0 && sub.stock > 0)!;
  const provinces = await data<{ id: number; counties: { id: number }[] }[]>(request.get(`/api/provinces/by-event/${event.id}`));
  const county = provinces.find((province) => province.id === variant.provinceId)!.counties[0]!.id;
  const started = await data<{ orderId: number }>(
    request.post("/shop-api/init-payment", {
      headers: auth,
      data: {
        url: `/event/${slug}`,
        eventDateId,
        provinceId: variant.provinceId,
        paymentCode: "transferencia",
        tickets: passengerNames.map((name) => ({
          placeId: event.place.id,
          productVariantId: variant.productVariantId,
          passengers: [{ name, email: person.email, phone: "3001234567", passengerAddress: "Calle 1 # 2-3" }],
          addresses: [{ address: "Calle 1 # 2-3", commune_id: county }],
        })),
      },
    }),
    201,
  );
  const staff = { authorization: `Bearer ${await tokenOf(request, DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password)}` };
  await data(request.post(`/shop-api/staff/orders/${started.orderId}/confirm-transfer`, { headers: staff }));
  const detail = await data<{ qr: string; passengerTickets: { passengerId: number; name: string; qr: string }[] }>(
    request.get(`/shop-api/order-detail/${started.orderId}`, { headers: auth }),
  );
  return {
    orderId: started.orderId,
    qr: detail.qr,
    customer: { name: `${person.firstName} ${person.lastName}`, email: person.email },
    passengers: detail.passengerTickets.map(({ passengerId, name, qr }) => ({ passengerId, name, qr })),
  };
}

/**
 * A Y4M video (what Chromium's --use-file-for-fake-video-capture plays in a loop) of the QR code centred on
 * white, at three sizes in turn: the decoder misses some codes at one size and finds them at another, as a hand
 * moving a phone gives it. I420: the grey picture is the Y plane; both colour planes are neutral (128).
 */
export async function writeFakeCamera(file: string, text: string): Promise<void> {
  const [width, height] = [640, 480];
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frames: Buffer[] = [];
  for (const size of [280, 240, 320]) {
    const png = await QRCode.toBuffer(text, { errorCorrectionLevel: "M", margin: 4, width: size });
    const luma = await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
      .composite([{ input: png, gravity: "centre" }])
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const y = Buffer.alloc(width * height);
    for (let i = 0; i < width * height; i += 1) y[i] = luma.data[i * luma.info.channels]!;
    const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
    for (let copy = 0; copy < 5; copy += 1) frames.push(frame);
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  mkdirSync(dirname(file), { recursive: true });
  // Written beside and renamed over the old file: a camera that opens while the test writes gets a whole video,
  // never a half-written one whose missing frames Chromium would play as blank.
  writeFileSync(`${file}.new`, Buffer.concat([header, ...frames]));
  renameSync(`${file}.new`, file);
}

/** Takes the festival's first listed date along for working offline, and waits until its list is on the device. */
export async function takeFestivalAlong(door: Locator): Promise<void> {
  await door.getByText("Listado para trabajar sin conexión").click();
  const festival = door.getByRole("checkbox", { name: /Festival Sonidos de la Sabana/ }).first();
  if (!(await festival.isChecked())) {
    await festival.check();
    await door.getByRole("button", { name: "Descargar listados" }).click();
  }
  await expect(door.locator(".door-manifest-saved").getByText(/Festival Sonidos de la Sabana, .*: \d+ pedidos?/)).toBeVisible();
}
