/**
 * "Your van arrives in about N minutes": staff mark a stop as next and each paid
 * passenger there is texted once per leg, in the buyer's language, through the one SMS module: the local outbox
 * (listed at /dev/outbox) by default, a Twilio-compatible REST API when configured (proved against a fake server).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/server/env";
import { readSmsDrop } from "../../src/server/sms/sms-drop";
import { createSms } from "../../src/server/sms/sms";
import type { Manifest, NextStopAnswer } from "../../src/shared/schemas/answers/staff-day";
import { runsSetting } from "../helpers/runs";
import { openTestShop, type TestShop } from "../helpers/test-shop";

interface Received {
  path: string;
  authorization: string;
  type: string;
  form: URLSearchParams;
}

/** A stand-in for the provider: records each request and answers `status`. */
async function fakeProvider(status = 201) {
  const received: Received[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ path: request.url ?? "", authorization: request.headers.authorization ?? "", type: request.headers["content-type"] ?? "", form: new URLSearchParams(body) });
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(status < 300 ? { sid: "SM123", status: "queued" } : { code: 21211, message: "Invalid 'To' Phone Number" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { received, origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("the Twilio-compatible adapter", () => {
  it("posts form-encoded To, From and Body with basic auth to the account's Messages resource", async () => {
    const provider = await fakeProvider();
    try {
      const env = parseEnv({ NODE_ENV: "test", SMS_ACCOUNT_SID: "AC0001", SMS_AUTH_TOKEN: "secreto", SMS_FROM: "+15005550006", SMS_BASE_URL: provider.origin });
      await createSms(env, () => new Date()).send({ to: "+573001234567", body: "Hola, ñandú" });
      expect(provider.received).toHaveLength(1);
      const [request] = provider.received;
      expect(request!.path).toBe("/2010-04-01/Accounts/AC0001/Messages.json");
      expect(request!.authorization).toBe(`Basic ${Buffer.from("AC0001:secreto").toString("base64")}`);
      expect(request!.type).toContain("application/x-www-form-urlencoded");
      expect(Object.fromEntries(request!.form)).toEqual({ To: "+573001234567", From: "+15005550006", Body: "Hola, ñandú" });
    } finally {
      await provider.close();
    }
  });

  it("reports a refusal with the provider's status", async () => {
    const provider = await fakeProvider(400);
    try {
      const env = parseEnv({ NODE_ENV: "test", SMS_ACCOUNT_SID: "AC0001", SMS_AUTH_TOKEN: "secreto", SMS_FROM: "+15005550006", SMS_BASE_URL: provider.origin });
      await expect(createSms(env, () => new Date()).send({ to: "+1", body: "x" })).rejects.toThrow(/400/);
    } finally {
      await provider.close();
    }
  });

  it("stops the server at start-up when the provider settings are incomplete", () => {
    expect(() => parseEnv({ NODE_ENV: "test", SMS_ACCOUNT_SID: "AC0001" })).toThrow(/SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM go together/);
    expect(() => parseEnv({ NODE_ENV: "test", VEHICLE_SEATS: "0" })).toThrow(/VEHICLE_SEATS/);
  });
});

describe("POST /shop-api/staff/manifests/next-stop", () => {
  let shop: TestShop;
  let setting: Awaited<ReturnType<typeof runsSetting>>;
  let stopKey = "";

  beforeAll(async () => {
    shop = await openTestShop();
    setting = await runsSetting(shop);
    const county = setting.counties[0]!;
    await setting.book({ address: "Calle 80 # 20-10", countyId: county.id, name: "Valentina", phone: "310 555 1234" });
    await setting.book({ address: "Calle 80 # 20-10", countyId: county.id, name: "John", phone: "+57 311 555 9876", locale: "en_US" });
    await setting.book({ address: "Calle 80 # 20-10", countyId: county.id, name: "Pedro Pendiente", phone: "312 555 0000", paid: false });
    const manifest = await shop.call<Manifest>("GET", `/shop-api/staff/manifests?eventDateId=${setting.eventDateId}&provinceId=${setting.provinceId}`, undefined, { token: setting.staff.token });
    stopKey = manifest.body.data.runs[0]!.stops[0]!.key;
  });
  afterAll(async () => {
    await shop?.close();
  });

  const press = (leg: "outbound" | "return", token = setting.staff.token) =>
    shop.call<NextStopAnswer>("POST", "/shop-api/staff/manifests/next-stop", { eventDateId: setting.eventDateId, provinceId: setting.provinceId, stop: stopKey, leg, minutes: 8 }, { token });

  it("texts each paid passenger of the stop once per leg, in the buyer's language, to an E.164 number", async () => {
    const first = await press("outbound");
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ notified: 2, alreadyNotified: 0, unreachable: 0 });
    const texts = await readSmsDrop(shop.env.DATA_DIR);
    const event = setting.festival.event.translations;
    expect(texts.map((text) => [text.to, text.body]).sort()).toEqual(
      [
        ["+573105551234", `Rodamos: tu van llega en unos 8 min a Calle 80 # 20-10 para ${event.es_CO!.name}. Ten listo tu código QR.`],
        ["+573115559876", `Rodamos: your van arrives in about 8 min at Calle 80 # 20-10 for ${(event.en_US ?? event.es_CO)!.name}. Have your QR code ready.`],
      ].sort(),
    );

    const again = await press("outbound");
    expect(again.body.data).toEqual({ notified: 0, alreadyNotified: 2, unreachable: 0 });
    expect(await readSmsDrop(shop.env.DATA_DIR)).toHaveLength(2);

    // Coming back, the meeting point is the venue; a new leg, a new message.
    expect((await press("return")).body.data.notified).toBe(2);
    const all = await readSmsDrop(shop.env.DATA_DIR);
    expect(all).toHaveLength(4);
    expect(all[0]!.body).not.toContain("Calle 80");

    const manifest = await shop.call<Manifest>("GET", `/shop-api/staff/manifests?eventDateId=${setting.eventDateId}&provinceId=${setting.provinceId}`, undefined, { token: setting.staff.token });
    const passengers = manifest.body.data.runs[0]!.stops[0]!.passengers;
    expect(passengers.map((p) => [p.name, p.notified.outbound, p.notified.return])).toEqual([
      ["Valentina", true, true],
      ["John", true, true],
      ["Pedro Pendiente", false, false],
    ]);
  });

  it("lists the texts at /dev/outbox beside the mails", async () => {
    const page = await shop.getPage("/dev/outbox");
    expect(page.status).toBe(200);
    expect(page.text).toContain("+573105551234");
    const json = await shop.getPage("/dev/outbox/sms.json?to=%2B573115559876");
    expect(JSON.parse(json.text).data).toHaveLength(2);
  });

  it("is for staff only, and refuses an unknown stop or a bad leg", async () => {
    const customer = await shop.buyer();
    expect((await press("outbound", customer.token)).status).toBe(403);
    const unknown = await shop.call("POST", "/shop-api/staff/manifests/next-stop", { eventDateId: setting.eventDateId, provinceId: setting.provinceId, stop: "0:nowhere", leg: "outbound", minutes: 5 }, { token: setting.staff.token });
    expect(unknown.status).toBe(404);
    const bad = await shop.call("POST", "/shop-api/staff/manifests/next-stop", { eventDateId: setting.eventDateId, provinceId: setting.provinceId, stop: stopKey, leg: "sideways", minutes: 500 }, { token: setting.staff.token });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({ leg: "El trayecto debe ser ida o regreso", minutes: "Debe ser un número de minutos entre 1 y 120" });
  });
});

describe("through a real provider", () => {
  it("sends the van-arriving text to the configured provider instead of the outbox", async () => {
    const provider = await fakeProvider();
    const shop = await openTestShop({ env: { SMS_ACCOUNT_SID: "AC0002", SMS_AUTH_TOKEN: "token", SMS_FROM: "+15005550006", SMS_BASE_URL: provider.origin } });
    try {
      const setting = await runsSetting(shop);
      await setting.book({ address: "Calle 1", countyId: setting.counties[0]!.id, name: "Sara" });
      const manifest = await shop.call<Manifest>("GET", `/shop-api/staff/manifests?eventDateId=${setting.eventDateId}&provinceId=${setting.provinceId}`, undefined, { token: setting.staff.token });
      const stop = manifest.body.data.runs[0]!.stops[0]!.key;
      const answer = await shop.call<NextStopAnswer>("POST", "/shop-api/staff/manifests/next-stop", { eventDateId: setting.eventDateId, provinceId: setting.provinceId, stop, leg: "outbound", minutes: 5 }, { token: setting.staff.token });
      expect(answer.body.data.notified).toBe(1);
      expect(provider.received.map((request) => request.form.get("To"))).toEqual(["+573001234567"]);
      expect(await readSmsDrop(shop.env.DATA_DIR)).toEqual([]);
    } finally {
      await shop.close();
      await provider.close();
    }
  }, 90_000); // opens a whole shop of its own
});
