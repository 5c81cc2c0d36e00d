/** The storefront's link targets, named once for the header, drawer and footer. */
import { BRAND } from "../shared/brand";
import type { MessageKey } from "../shared/i18n";

export interface NavLink {
  key: MessageKey;
  path: string;
}

export const LINKS = {
  home: { key: "nav.home", path: "/" },
  aboutUs: { key: "nav.about_us", path: "/about-us" },
  massiveEvents: { key: "nav.massive_events", path: "/massive-events" },
  privateEvents: { key: "nav.private_events", path: "/private-events" },
  weddings: { key: "nav.weddings", path: "/wedding" },
  alliances: { key: "nav.alliances", path: "/alliances" },
  howBook: { key: "nav.how_book", path: "/how-book" },
  companies: { key: "nav.companies", path: BRAND.companiesPath },
  contact: { key: "nav.contact", path: "/contact" },
  faq: { key: "nav.faq", path: "/faq" },
} as const satisfies Record<string, NavLink>;

/** Events dropdown (desktop): massive, private, couples/weddings. */
export const EVENT_LINKS: NavLink[] = [LINKS.massiveEvents, LINKS.privateEvents, LINKS.weddings];

/** Mobile drawer entries, in this order: the event lists first, then the rest of the site. */
export const DRAWER_LINKS: NavLink[] = [
  LINKS.massiveEvents,
  LINKS.privateEvents,
  LINKS.weddings,
  LINKS.alliances,
  LINKS.companies,
  LINKS.howBook,
  LINKS.aboutUs,
  LINKS.contact,
];

/** One PDF holds the terms and the privacy policy; each legal footer link opens it. */
export const TERMS_PDF = "/legal/terminos-y-privacidad.pdf";
