/** /texts/{island}/{locale}.json: one locale's words for an island that mounts without page props (src/islands/text-files.ts). */
import type { APIRoute, GetStaticPaths } from "astro";
import { pickTexts } from "../../../islands/ui/pick-texts";
import { TEXT_FILES, type TextFile } from "../../../islands/text-files";
import { LOCALES, type Locale } from "../../../shared/locales";

export const getStaticPaths = (() =>
  (Object.keys(TEXT_FILES) as TextFile[]).flatMap((file) => LOCALES.map((locale) => ({ params: { file, locale } })))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const keys: readonly Parameters<typeof pickTexts>[1][number][] = TEXT_FILES[params.file as TextFile];
  return new Response(JSON.stringify(pickTexts(params.locale as Locale, keys)), { headers: { "content-type": "application/json" } });
};
