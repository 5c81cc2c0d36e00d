/**
 * The catalogue answers' TypeScript types, inferred from their schemas in src/shared/schemas/answers (the one
 * home of each answer's shape). Type-only, so importing them costs the browser nothing.
 */
import type * as z from "zod/mini";
import type * as answers from "../schemas/answers/catalogue";
import type { Locale } from "../locales";

export type { ApiAnswer } from "../schemas/answers/envelope";

export type Translations<T> = Partial<Record<Locale, T>>;
export type EventType = z.infer<typeof answers.eventTypeSchema>;
export type PeriodicityType = z.infer<typeof answers.periodicityTypeSchema>;
export type PaymentType = z.infer<typeof answers.paymentTypeSchema>;
export type CalendarEntry = z.infer<typeof answers.calendarEntrySchema>;
export type EventListItem = z.infer<typeof answers.eventListItemSchema>;
export type RecommendedEvent = z.infer<typeof answers.recommendedEventSchema>;
export type Place = z.infer<typeof answers.placeSchema>;
export type AdditionalStop = z.infer<typeof answers.additionalStopSchema>;
export type EventDetail = z.infer<typeof answers.eventDetailSchema>;
export type EventMessage = z.infer<typeof answers.eventMessageSchema>;
export type County = z.infer<typeof answers.countySchema>;
export type CountyOption = z.infer<typeof answers.countyOptionSchema>;
export type ProvinceOption = z.infer<typeof answers.provinceOptionSchema>;
export type Approach = z.infer<typeof answers.approachSchema>;
export type Subcategory = z.infer<typeof answers.subcategorySchema>;
export type Category = z.infer<typeof answers.categorySchema>;
export type PaymentCode = z.infer<typeof answers.paymentCodeSchema>;
export type PaymentMethod = z.infer<typeof answers.paymentMethodSchema>;
export type LandingSlide = z.infer<typeof answers.landingSlideSchema>;
export type CommunityPost = z.infer<typeof answers.communityPostSchema>;
export type Partner = z.infer<typeof answers.partnerSchema>;
export type Country = z.infer<typeof answers.countrySchema>;
export type LocaleOption = z.infer<typeof answers.localeOptionSchema>;
export type Channel = z.infer<typeof answers.channelSchema>;
