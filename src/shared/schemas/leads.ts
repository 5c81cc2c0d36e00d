/**
 * The public forms: contact (storefront /contact and the second form), marriage request (/wedding) and the
 * about-us quote form. Rules from account.md section 5; the marriage form follows the quote form's rules.
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

export const quoteSchema = marriageSchema;
export type Quote = z.infer<typeof quoteSchema>;
