import { describe, expect, it } from "vitest";
import { listPath, orderIdFromPath } from "./purchase-route";

describe("purchase detail address", () => {
  it("reads the order id under any site prefix", () => {
    expect(orderIdFromPath("/my-account/payments/42")).toBe(42);
    expect(orderIdFromPath("/cl/es-cl/my-account/payments/7/")).toBe(7);
    expect(orderIdFromPath("/my-account/payments")).toBeNull();
    expect(orderIdFromPath("/my-account/payments/abc")).toBeNull();
  });

  it("goes back to the list of the same site", () => {
    expect(listPath("/cl/es-cl/my-account/payments/7")).toBe("/cl/es-cl/my-account/payments");
    expect(listPath("/my-account/payments/")).toBe("/my-account/payments");
  });
});
