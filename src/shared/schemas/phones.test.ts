/**
 * Every phone field takes real numbers of the shop's countries (a Colombian mobile above all) and stores
 * them as E.164, still takes the fields' own typed patterns, and keeps their messages for the rest.
 */
import type * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { frequentFriendSchema, profileSchema } from "./account";
import { phoneNumber as typedPhone, storedPhoneNumber as phoneNumber } from "./auth";
import { colombianPhone } from "./fields";
import { contactSchema, marriageSchema, companyRequestSchema } from "./leads";
import { passengerSchema } from "./purchase";

const outcome = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? { ok: result.data } : { error: result.error.issues[0]?.message };
};

describe("contact, marriage and quote phones (Colombia)", () => {
  it("take a real Colombian mobile or landline, typed any usual way, as E.164", () => {
    for (const typed of ["+57 300 123 4567", "300 123 4567", "(300) 123-4567", "+573001234567", "3001234567"]) {
      expect(outcome(colombianPhone, typed), typed).toEqual({ ok: "+573001234567" });
    }
    expect(outcome(colombianPhone, "601 234 5678")).toEqual({ ok: "+576012345678" });
    for (const schema of [contactSchema.shape.phone, marriageSchema.shape.phone, companyRequestSchema.shape.phone]) {
      expect(outcome(schema, "+57 300 123 4567")).toEqual({ ok: "+573001234567" });
    }
  });

  it("still take the spec's patterns (+57 then 8 digits, 9 then 8 digits) as typed", () => {
    expect(outcome(colombianPhone, "+57 300 123 45")).toEqual({ ok: "+5730012345" });
    expect(outcome(colombianPhone, "912345678")).toEqual({ ok: "912345678" });
  });

  it("refuse numbers of other countries and non-numbers with 'Teléfono inválido', and an empty one as required", () => {
    for (const typed of ["+34 600 123 456", "12345", "300 123 456", "abc", "+57 300 123 4567 89"]) {
      expect(outcome(colombianPhone, typed), typed).toEqual({ error: "form.phone_invalid" });
    }
    expect(outcome(colombianPhone, "")).toEqual({ error: "form.required" });
  });
});

describe("sign-up and profile phone (digits with the country code)", () => {
  it("stores a number of the shop's countries as E.164, with or without its code", () => {
    expect(outcome(phoneNumber, "57 300 123 4567")).toEqual({ ok: "+573001234567" });
    expect(outcome(phoneNumber, "3001234567")).toEqual({ ok: "+573001234567" });
    expect(outcome(phoneNumber, "56912345678")).toEqual({ ok: "+56912345678" });
    expect(outcome(profileSchema.shape.phoneNumber, "525512345678")).toEqual({ ok: "+525512345678" });
  });

  it("takes back what it stored, as the API receives a form's checked value", () => {
    for (const typed of ["573001234567", "3001234567", "12025550123", "912345678"]) {
      const stored = phoneNumber.parse(typed);
      expect(phoneNumber.parse(stored), typed).toBe(stored);
    }
  });

  it("keeps the digits of another country's number, and the spec's messages", () => {
    expect(outcome(phoneNumber, "12025550123")).toEqual({ ok: "12025550123" });
    expect(outcome(phoneNumber, "+57 300-123")).toEqual({ error: "phone_must_only_contain_numbers" });
    expect(outcome(phoneNumber, "")).toEqual({ error: "phone_is_required" });
    expect(outcome(phoneNumber, "12345")).toEqual({ error: "phone_is_invalid" });
    expect(outcome(phoneNumber, "+12345")).toEqual({ error: "phone_is_invalid" });
    expect(outcome(phoneNumber, "+1234567890123456")).toEqual({ error: "phone_is_invalid" });
    // The box a person types in (sign-up joins the calling code to it) takes digits only, unchanged.
    expect(outcome(typedPhone, "300 123 4567")).toEqual({ ok: "3001234567" });
    expect(outcome(typedPhone, "+573001234567")).toEqual({ error: "phone_must_only_contain_numbers" });
  });
});

describe("every phone field", () => {
  it("takes back what it stored", () => {
    for (const schema of [colombianPhone, frequentFriendSchema.shape.phone, passengerSchema.shape.phone]) {
      for (const typed of ["+57 300 123 4567", "912345678"]) {
        const result = schema.safeParse(typed);
        if (result.success) expect(schema.parse(result.data)).toBe(result.data);
      }
    }
  });
});

describe("frequent friend phone", () => {
  it("takes a real number of any of the shop's countries as E.164, and the spec's Chilean pattern as typed", () => {
    expect(outcome(frequentFriendSchema.shape.phone, "300 123 4567")).toEqual({ ok: "+573001234567" });
    expect(outcome(frequentFriendSchema.shape.phone, "+56 9 1234 5678")).toEqual({ ok: "+56912345678" });
    expect(outcome(frequentFriendSchema.shape.phone, "+34 600 123 456")).toEqual({ ok: "+34600123456" });
    expect(outcome(frequentFriendSchema.shape.phone, "9 1234 5678")).toEqual({ ok: "912345678" });
    expect(outcome(frequentFriendSchema.shape.phone, "12345")).toEqual({ error: "form.phone_invalid" });
  });
});

describe("passenger phone", () => {
  it("stores a real number as E.164 and keeps the spec's 8-character minimum", () => {
    expect(outcome(passengerSchema.shape.phone, "300 123 4567")).toEqual({ ok: "+573001234567" });
    expect(outcome(passengerSchema.shape.phone, "573001234567")).toEqual({ ok: "+573001234567" });
    expect(outcome(passengerSchema.shape.phone, "1234567")).toEqual({ error: "booking.passenger_phone_min" });
    expect(outcome(passengerSchema.shape.phone, "12345678")).toEqual({ ok: "12345678" });
    expect(outcome(passengerSchema.shape.phone, "not a phone")).toEqual({ error: "form.phone_invalid" });
  });
});
