/**
 * Editor-owned texts (content/): one YAML file per page and locale (`content/faq/es_CO.yaml` ...), plus the
 * team list shared by every locale. An entry's id is its locale; `src/site/content.ts` reads them and fails
 * the build when a locale is missing one (every locale is complete).
 */
import { defineCollection } from "astro:content";
import { file, glob } from "astro/loaders";
import { z } from "astro/zod";

const text = z.string().trim().min(1);
const paragraphs = z.array(text).min(1);

/** `content/{folder}/{locale}.yaml`, the entry id being the locale code as written (es_CO). */
const perLocale = (folder: string) =>
  glob({ pattern: "*.yaml", base: `./content/${folder}`, generateId: ({ entry }) => entry.replace(/\.yaml$/, "") });

const video = z.object({ title: text, description: text });

const faq = defineCollection({
  loader: perLocale("faq"),
  schema: z.object({
    title: text,
    intro: text,
    items: z.array(z.object({ id: z.string().regex(/^[a-z-]+$/), question: text, answer: paragraphs })).length(4),
    templateLabel: text,
  }),
});

const howBook = defineCollection({
  loader: perLocale("how-book"),
  schema: z.object({
    title: text,
    intro: text,
    steps: z.array(z.object({ title: text, text })).min(3),
    video,
    faqPrompt: text,
    faqLink: text,
  }),
});

const companies = defineCollection({
  loader: perLocale("companies"),
  schema: z.object({
    title: text,
    lead: text,
    savingsClaim: text,
    description: paragraphs,
    benefits: z.array(z.object({ title: text, text })).min(3),
    video,
    moreLink: text,
    contactTitle: text,
    contactText: text,
  }),
});

const aboutUs = defineCollection({
  loader: perLocale("about-us"),
  schema: z.object({
    hero: z.object({ title: text, subtitle: text }),
    descriptionTitle: text,
    description: paragraphs,
    savingsClaim: text,
    video,
    teamTitle: text,
    teamIntro: text,
    officesTitle: text,
    quoteTitle: text,
    quoteIntro: text,
  }),
});

const wedding = defineCollection({
  loader: perLocale("wedding"),
  schema: z.object({
    title: text,
    intro: paragraphs,
    video,
    formTitle: text,
  }),
});

const roles = z.object({ es_CO: text, es_CL: text, es_ES: text, es_MX: text, en_US: text, pt_BR: text });

const team = defineCollection({
  loader: file("content/team.yaml"),
  schema: z.object({
    name: text,
    /** A generated illustration under public/team/: no photos of real people. */
    avatar: z.string().regex(/^\/team\/[a-z0-9-]+\.svg$/),
    order: z.number().int(),
    role: roles,
  }),
});

export const collections = { faq, howBook, companies, aboutUs, wedding, team };
