/**
 * Build-time access to the live shop API (`process.env.SHOP_API_URL`, set by src/server/publishing/pages-build.ts).
 * Every answer is fetched once per build (the promise is memoised, so pages built in parallel share it; the
 * publisher's warm renderer starts a new pass by setting `PAGES_RENDER_ID`, which forgets them)
 * and any failure stops the build with a clear message: pages built from a missing catalogue would
 * silently publish empty pages.
 */
import { EVENT_TYPE } from "../shared/domain/event-kinds";
import type { CountryCode, Locale } from "../shared/locales";
import type {
  ApiAnswer,
  CommunityPost,
  EventDetail,
  EventListItem,
  EventType,
  LandingSlide,
  Partner,
  RecommendedEvent,
} from "../shared/types/catalogue";

function apiBase(): string {
  const base = process.env.SHOP_API_URL;
  if (!base) throw new Error("SHOP_API_URL is not set: the static pages are built from the live API (run `npm start` or `npm run build`).");
  return base.replace(/\/$/, "");
}

const cache = new Map<string, Promise<unknown>>();
/** The rendering pass the kept answers belong to. */
let pass: string | undefined;

/** The API refused a call (as opposed to not answering at all). */
export class CatalogueRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function request<T>(path: string): Promise<T> {
  const url = `${apiBase()}${path}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" } });
  } catch (error) {
    throw new Error(`Building the pages: the shop API at ${url} did not answer (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  }
  let answer: ApiAnswer<T>;
  try {
    answer = (await response.json()) as ApiAnswer<T>;
  } catch (error) {
    throw new Error(`Building the pages: ${url} answered HTTP ${response.status} without JSON.`, { cause: error });
  }
  if (!answer.success) throw new CatalogueRefusal(response.status, answer.code, `Building the pages: ${url} answered HTTP ${response.status} ${answer.code}: ${answer.message}`);
  return answer.data;
}

/** GET once per build; later calls share the first promise. */
function get<T>(path: string): Promise<T> {
  if (process.env.PAGES_RENDER_ID !== pass) {
    cache.clear();
    pass = process.env.PAGES_RENDER_ID;
  }
  let pending = cache.get(path) as Promise<T> | undefined;
  if (!pending) {
    pending = request<T>(path);
    cache.set(path, pending);
  }
  return pending;
}

const cc = (country: CountryCode) => `country-code=${country}`;

/** `/landing-slides?country-code` (alt texts in the page's language). */
export const fetchLandingSlides = (country: CountryCode, locale: Locale) =>
  get<LandingSlide[]>(`/api/landing-slides?${cc(country)}&locale=${locale}`);

/** `/recommended-events` (per country). */
export const fetchRecommendedEvents = (country: CountryCode) => get<RecommendedEvent[]>(`/api/recommended-events?${cc(country)}`);

/** Public lists by type (mass or alliance); private events are never listed. */
export const fetchEvents = (type: EventType, country: CountryCode) => get<EventListItem[]>(`/api/events?type=${type}&${cc(country)}`);

/** Community posts by country. */
export const fetchCommunityPosts = (country: CountryCode) => get<CommunityPost[]>(`/api/landing-comments?${cc(country)}`);

/** Partner logos for the landing carousel (the same in every country). */
export const fetchPartners = () => get<Partner[]>(`/api/partners`);

/** One event's detail by slug (the public variant). */
export const fetchEvent = (slug: string) => get<EventDetail>(`/api/events/${encodeURIComponent(slug)}`);

/** Everything the landing prints from the catalogue (and so its key in incremental builds). */
export const fetchLandingData = (site: { country: CountryCode; locale: Locale }) =>
  Promise.all([
    fetchLandingSlides(site.country, site.locale),
    fetchRecommendedEvents(site.country),
    fetchEvents(EVENT_TYPE.mass, site.country),
    fetchCommunityPosts(site.country),
    fetchPartners(),
  ] as const);

/**
 * The events that get a prerendered page in a country: the public lists (mass and alliances) minus
 * gone ones (all dates past). Private events and anything newer than the build use the client shell.
 */
export async function fetchPrerenderedEvents(country: CountryCode): Promise<EventDetail[]> {
  const lists = await Promise.all([fetchEvents(EVENT_TYPE.mass, country), fetchEvents(EVENT_TYPE.alliance, country)]);
  const now = Date.now();
  const listed = lists.flat().filter((event) => !isGone(event, now));
  const details = await Promise.all(
    listed.map((event) =>
      fetchEvent(event.slug).catch((error: unknown) => {
        // Its last date passed between the list and the detail call: the shell shows it as gone.
        if (error instanceof CatalogueRefusal && error.status === 410) return undefined;
        throw error;
      }),
    ),
  );
  return details.filter((detail): detail is EventDetail => detail !== undefined && !detail.message && detail.type !== EVENT_TYPE.private);
}

/** An event whose dates are all past is "gone". */
export function isGone(event: Pick<EventListItem, "endDate" | "startDate" | "calendars">, now = Date.now()): boolean {
  const dates = [event.endDate, event.startDate, ...event.calendars.map((entry) => entry.startDate)].filter(Boolean);
  return dates.length > 0 && dates.every((date) => Date.parse(date) < now);
}
