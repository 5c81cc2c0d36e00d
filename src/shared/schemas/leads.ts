/**
 * The public forms: contact (storefront /contact and the second form), marriage request (/wedding) and the
 * about-us company request form (a company asking for a price): name, place and message required, a valid email, a Colombian phone ("+57 then 8 digits,
 * or 9 then 8 digits"), a date not in the past; the contact form drops date and place; the marriage form follows the company request form.
 */
import * as z from "zod/mini";
import { colombianPhone, emailField, requiredText, upcomingDay } from "./fields";

export const MESSAGE_MAX = 2000;

export const contactSchema = z.object({
  name: requiredText(120),
  email: emailField,
  phone: colombianPhone,
  message: requiredText(MESSAGE_MAX),
});
export type Contact = z.infer<typeof contactSchema>;

export const marriageSchema = z.object({
  name: requiredText(160),
  email: emailField,
  phone: colombianPhone,
  date: upcomingDay,
  place: requiredText(200),
  message: requiredText(MESSAGE_MAX),
});
export type Marriage = z.infer<typeof marriageSchema>;

export const companyRequestSchema = marriageSchema;
export type CompanyRequest = z.infer<typeof companyRequestSchema>;
