/** Texts the search island needs, handed over as a prop. */
import { CARD_KEYS } from "../../views/catalog/card-data";

export const SEARCH_KEYS = [...CARD_KEYS, "search.results_for", "search.no_results", "search.empty_query", "search.searching"] as const;
export type SearchLabels = Record<(typeof SEARCH_KEYS)[number], string>;

/** Spec section 9: "No se han encontrado resultados" shows after 1000 ms without results. */
export const EMPTY_MESSAGE_DELAY_MS = 1000;
