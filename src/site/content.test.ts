/**
 * Every locale has its own texts for every content page , with the same shape as the
 * es_CO reference: the same keys, the same questions and steps in the same order, a job title per person.
 * (The build checks each file against src/content.config.ts; this says which locale falls short.)
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { LOCALES } from "../shared/locales";

const CONTENT = join(process.cwd(), "content");
const FOLDERS = ["faq", "how-book", "companies", "about-us", "wedding"];

const read = (path: string): unknown => parse(readFileSync(path, "utf8"));

/** The structure of a value: object keys, array lengths (and item ids), and where text sits. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, key === "id" ? inner : shape(inner)]),
    );
  }
  return typeof value;
}

describe.each(FOLDERS)("content/%s", (folder) => {
  const reference = read(join(CONTENT, folder, "es_CO.yaml"));

  it("has a file for each of the six locales and nothing else", () => {
    expect(readdirSync(join(CONTENT, folder)).sort()).toEqual(LOCALES.map((locale) => `${locale}.yaml`).sort());
  });

  it.each(LOCALES.filter((locale) => locale !== "es_CO"))("%s has the same keys and items as es_CO", (locale) => {
    const path = join(CONTENT, folder, `${locale}.yaml`);
    expect(existsSync(path), `${path} is missing`).toBe(true);
    expect(shape(read(path))).toEqual(shape(reference));
  });
});

describe("content/team.yaml", () => {
  const team = read(join(CONTENT, "team.yaml")) as { id: string; avatar: string; role: Record<string, string> }[];

  it("lists 8 people (account.md section 9), each with a job title in every locale and a shipped avatar", () => {
    expect(team).toHaveLength(8);
    for (const member of team) {
      expect(Object.keys(member.role).sort(), member.id).toEqual([...LOCALES].sort());
      for (const title of Object.values(member.role)) expect(title.trim()).not.toBe("");
      expect(existsSync(join(process.cwd(), "public", member.avatar)), member.avatar).toBe(true);
    }
  });
});

describe("the claims the spec names", () => {
  it.each(LOCALES)("%s: B2B saves up to 35%%, about us up to 70%%", (locale) => {
    const companies = read(join(CONTENT, "companies", `${locale}.yaml`)) as { savingsClaim: string };
    const about = read(join(CONTENT, "about-us", `${locale}.yaml`)) as { savingsClaim: string };
    expect(companies.savingsClaim).toContain("35%");
    expect(about.savingsClaim).toContain("70%");
  });
});
