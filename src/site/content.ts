/**
 * Build-time access to the editor-owned texts in content/ (src/content.config.ts). A page asks for its
 * locale's entry; a missing one stops the build with the file to add, so no locale ever ships an empty
 * page (every locale is complete).
 */
import { getCollection, getEntry, type CollectionEntry } from "astro:content";
import type { Locale } from "../shared/locales";

type PerLocale = "faq" | "howBook" | "companies" | "aboutUs" | "wedding";

const FOLDERS: Record<PerLocale, string> = {
  faq: "faq",
  howBook: "how-book",
  companies: "companies",
  aboutUs: "about-us",
  wedding: "wedding",
};

async function pageContent<C extends PerLocale>(collection: C, locale: Locale): Promise<CollectionEntry<C>["data"]> {
  const entry = await getEntry(collection, locale);
  if (!entry) throw new Error(`content/${FOLDERS[collection]}/${locale}.yaml is missing: every locale needs its own texts.`);
  return entry.data as CollectionEntry<C>["data"];
}

export const getFaq = (locale: Locale) => pageContent("faq", locale);
export const getHowBook = (locale: Locale) => pageContent("howBook", locale);
export const getCompanies = (locale: Locale) => pageContent("companies", locale);
export const getAboutUs = (locale: Locale) => pageContent("aboutUs", locale);
export const getWedding = (locale: Locale) => pageContent("wedding", locale);

export interface TeamMember {
  id: string;
  name: string;
  avatar: string;
  role: string;
}

/** The about-us team (8 people with job titles), in display order, titles in `locale`. */
export async function getTeam(locale: Locale): Promise<TeamMember[]> {
  const entries = await getCollection("team");
  return entries
    .toSorted((a, b) => a.data.order - b.data.order)
    .map((entry) => ({ id: entry.id, name: entry.data.name, avatar: entry.data.avatar, role: entry.data.role[locale] }));
}
