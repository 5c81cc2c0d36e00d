/** Every back-office resource by its path segment (/shop-api/admin/{name}). */
import { categoriesResource, discountsResource, variantsResource } from "./products";
import { countiesResource, partnersResource, paymentMethodsResource, placesResource, postsResource, provincesResource, slidesResource } from "./content";
import { eventsResource } from "./events";
import { vehiclesResource } from "./fleet";
import { seatPoolsResource } from "./seat-pools";

export const ADMIN_RESOURCES = {
  events: eventsResource,
  categories: categoriesResource,
  variants: variantsResource,
  discounts: discountsResource,
  "landing-slides": slidesResource,
  partners: partnersResource,
  "community-posts": postsResource,
  "payment-methods": paymentMethodsResource,
  provinces: provincesResource,
  counties: countiesResource,
  places: placesResource,
  vehicles: vehiclesResource,
  "seat-pools": seatPoolsResource,
} as const;

export type AdminResourceName = keyof typeof ADMIN_RESOURCES;
