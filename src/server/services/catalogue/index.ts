/** The public catalogue's domain logic (no HTTP): routes under src/server/routes call these. */
export { getEventDetail, readEventDetail, canViewPrivateEvent, type DetailOptions } from "./event-detail";
export { listEvents, listRecommendedEvents, searchEvents, listChangesAt, LISTED_TYPES } from "./event-list";
export { getEventCategories, getEventProvinces, readEventOffer, readEventProvinces, type EventAnswerFacts } from "./event-offer";
export { liveStock, holdsSeats, type StockQuery } from "./stock";
export { listCountries, listLocales, getChannel, listCounties } from "./geography";
export { listLandingSlides, listCommunityPosts, listPartners, listPaymentMethods } from "./content";
