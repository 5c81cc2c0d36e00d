/**
 * Search results (/search): the query comes from ?q= (or the one
 * the header stored); the API is called only for a non-empty query; a spinner shows while waiting;
 * results are event cards; with none, "No se han encontrado resultados" shows 1000 ms after the search began.
 */
import { useEffect, useState } from "react";
import { api } from "../../client/api";
import { eventCardData } from "../../views/events/card-data";
import { EventCard } from "../../views/events/EventCard";
import { SEARCH_KEY } from "../../views/header/search-box";
import type { Locale } from "../../shared/locales";
import type { EventListItem } from "../../shared/types/catalogue";
import { EMPTY_MESSAGE_DELAY_MS, type SearchLabels } from "./search-keys";
import { SEARCH_QUERY_MAX } from "../../shared/search-limits";

interface Props {
  locale: Locale;
  country: string;
  prefix: string;
  labels: SearchLabels;
}

type State = { kind: "idle" } | { kind: "searching" } | { kind: "results"; events: EventListItem[] } | { kind: "empty" };

function readQuery(): string {
  const fromUrl = new URLSearchParams(window.location.search).get("q");
  let query = fromUrl ?? "";
  if (fromUrl === null) {
    try {
      query = sessionStorage.getItem(SEARCH_KEY) ?? "";
    } catch {
      query = "";
    }
  }
  return query.trim().slice(0, SEARCH_QUERY_MAX).trim();
}

export function SearchResults({ locale, country, prefix, labels }: Props) {
  const [query, setQuery] = useState<string | null>(null);
  const [state, setState] = useState<State>({ kind: "idle" });

  useEffect(() => {
    const q = readQuery();
    setQuery(q);
    if (!q) return;
    let cancelled = false;
    const started = Date.now();
    setState({ kind: "searching" });
    const params = new URLSearchParams({ q, "country-code": country });
    api("GET /api/search", { query: params.toString() })
      .catch(() => [] as EventListItem[])
      .then((events) => {
        if (cancelled) return;
        if (events.length > 0) {
          setState({ kind: "results", events });
          return;
        }
        const wait = Math.max(0, EMPTY_MESSAGE_DELAY_MS - (Date.now() - started));
        setTimeout(() => !cancelled && setState({ kind: "empty" }), wait);
      });
    return () => {
      cancelled = true;
    };
  }, [country]);

  if (query === null) return <div className="spinner" aria-hidden="true" />;
  if (!query) return <p className="search-hint">{labels["search.empty_query"]}</p>;

  return (
    <div className="search-results" aria-busy={state.kind === "searching"}>
      <p className="search-query">{labels["search.results_for"].replace("{q}", query)}</p>
      <div role="status" aria-live="polite">
        {state.kind === "searching" && (
          <>
            <div className="spinner" aria-hidden="true" />
            <span className="sr-only">{labels["search.searching"]}</span>
          </>
        )}
        {state.kind === "empty" && (
          <p className="empty-text" data-testid="search-empty">
            {labels["search.no_results"]}
          </p>
        )}
      </div>
      {state.kind === "results" && (
        <ul className="event-grid" data-testid="event-list">
          {state.events.map((event, i) => (
            <li key={event.id}>
              <EventCard card={eventCardData(event, locale, prefix)} labels={labels} eager={i < 4} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
