import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PHONE_COUNTRIES, phoneMetadataFor } from "./phone-metadata";
import shipped from "./phone-metadata.min.json";
import { displayPhone, toE164 } from "./phone-number";

describe("toE164", () => {
  it("reads national numbers in the person's country and + numbers as typed", () => {
    expect(toE164("300 123 4567")).toBe("+573001234567");
    expect(toE164("9 1234 5678", { country: "CL" })).toBe("+56912345678");
    expect(toE164("55 1234 5678", { country: "MX" })).toBe("+525512345678");
    expect(toE164("987 654 321", { country: "PE" })).toBe("+51987654321");
    expect(toE164("600 123 456", { country: "ES" })).toBe("+34600123456");
  });

  it("takes another country's number only when asked to", () => {
    expect(toE164("+34 600 123 456")).toBeUndefined();
    expect(toE164("+34 600 123 456", { anyCountry: true })).toBe("+34600123456");
    expect(toE164("34600123456", { anyCountry: true })).toBe("+34600123456");
  });

  it("refuses what is not a phone", () => {
    for (const typed of ["", "12345", "abc", "300 123 4567 ext", "+1 202 555 0123"]) expect(toE164(typed, { anyCountry: true }), typed).toBeUndefined();
  });
});

describe("a number without its calling code", () => {
  it("is never read as another country's number that happens to start with its first digits", () => {
    // A Chilean mobile saved without +56 is not India's +91 2345678.
    expect(toE164("912345678", { anyCountry: true })).toBeUndefined();
    expect(toE164("912345678", { country: "CL", anyCountry: true })).toBe("+56912345678");
  });
});

describe("displayPhone", () => {
  it("shows the country's own numbers in national format, others in international, and never a second +", () => {
    expect(displayPhone("+573104567890")).toBe("310 4567890");
    expect(displayPhone("+56912345678", "CL")).not.toContain("+");
    expect(displayPhone("+56912345678", "CO")).toBe("+56 912345678");
    expect(displayPhone("+12025550123")).toBe("+12025550123");
    expect(displayPhone("573104567890")).toBe("310 4567890");
  });
});

describe("the shipped phone rules", () => {
  it("are the installed libphonenumber-js rules for the shop's countries (else run scripts/assets/make-phone-metadata.ts)", () => {
    const full = JSON.parse(readFileSync("node_modules/libphonenumber-js/metadata.min.json", "utf8"));
    expect(shipped).toEqual(phoneMetadataFor(full, PHONE_COUNTRIES));
  });
});
