import { describe, expect, it } from "vitest";
import { storedTranslations, translationsOf, optionalName, optionalText, optionalImagePath } from "./common";
import * as z from "zod/mini";

const texts = translationsOf(z.object({ name: optionalName(), description: optionalText(), imagePath: optionalImagePath }));

describe("texts per locale in the back office", () => {
  it("needs a name in one locale at least, reported on the es_CO name field", () => {
    const refused = texts.safeParse({ es_CO: { name: "" }, en_US: { name: "  " } });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["es_CO.name", "admin.translation_required"]]);
    expect(texts.safeParse({ pt_BR: { name: "Show" } }).success).toBe(true);
  });

  it("stores only the locales whose name was written, without empty texts", () => {
    const parsed = texts.parse({ es_CO: { name: "Concierto", description: "" }, en_US: { name: "", description: "lost" }, pt_BR: { name: "Show", description: "Ótimo" } });
    expect(storedTranslations(parsed)).toEqual({ es_CO: { name: "Concierto" }, pt_BR: { name: "Show", description: "Ótimo" } });
  });

  it("takes pictures the shop stored or ships, never another host or a climb out of the folder", () => {
    expect(texts.safeParse({ es_CO: { name: "x", imagePath: "/uploads/catalogue/ab12-card.webp" } }).success).toBe(true);
    for (const path of ["https://evil.example/x.webp", "/uploads/../secret.webp", "/etc/passwd", "javascript:alert(1)"]) {
      expect(texts.safeParse({ es_CO: { name: "x", imagePath: path } }).success, path).toBe(false);
    }
  });
});
