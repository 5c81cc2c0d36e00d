/** Texts the search island needs, handed over as a prop. */
import { CARD_KEYS } from "../../views/events/card-data";

export const SEARCH_KEYS = [...CARD_KEYS, "search.results_for", "search.no_results", "search.empty_query", "search.searching"] as const;
export type SearchLabels = Record<(typeof SEARCH_KEYS)[number], string>;

/** "No se han encontrado resultados" shows only after 1000 ms without results, so it never flashes while results load. */
export const EMPTY_MESSAGE_DELAY_MS = 1000;
