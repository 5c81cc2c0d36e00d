import { describe, expect, it } from "vitest";
import { LOCALES } from "../locales";
import { adminMessages } from "./messages/admin";

describe("the audit log's resources", () => {
  // What the shop itself writes into the log beside the back office's resources (each of which has its menu's word):
  // orders and payments (their lives), the dispatch's plans, runs and no-shows, private events.
  const WRITTEN = ["orders", "payments", "dispatch_plans", "dispatch_runs", "no-shows", "event-requests"];

  it("each have a word in every locale, so the log never shows a table's name", () => {
    for (const locale of LOCALES) {
      const words: Record<string, string> = adminMessages[locale];
      for (const resource of WRITTEN) expect(words[`admin.resource.${resource}`], `${resource} in ${locale}`).toBeTruthy();
    }
  });
});
