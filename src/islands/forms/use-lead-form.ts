/**
 * The lead forms' sending: validated with the shared zod schema,
 * sending allowed only once the form was changed and is valid, the server's refusal shown as a toast in
 * the person's language with its field errors on the fields (focus on the first), and a `sent` state
 * for the thank-you view; and what each of its fields takes.
 */
import { useId, useState } from "react";
import type { DefaultValues, FieldValues, Path } from "react-hook-form";
import type * as z from "zod/mini";
import { ApiFailure, api } from "../../client/api";
import { $country } from "../../stores/locale";
import { showToast } from "../../stores/toasts";
import { messageOf } from "../ui/texts";
import { useEarlyInput } from "../ui/use-early-input";
import { showServerFields, useSchemaForm } from "../ui/use-schema-form";
import type { LeadFormTexts } from "./texts";

interface Options<S extends z.ZodMiniType<FieldValues, FieldValues>> {
  schema: S;
  defaults: DefaultValues<z.input<S>>;
  /** API path without the query, e.g. "/api/contact"; the page's country is added as `country-code`. */
  endpoint: "/api/contact" | "/api/marriage" | "/api/quote";
  /** What the API receives, from the parsed values (e.g. the date as dd/MM/yyyy). */
  toPayload?: (values: z.output<S>) => Record<string, unknown>;
  texts: LeadFormTexts;
}

export function useLeadForm<S extends z.ZodMiniType<FieldValues, FieldValues>>({ schema, defaults, endpoint, toPayload, texts }: Options<S>) {
  const [sent, setSent] = useState(false);
  const form = useSchemaForm<S, z.input<S>, z.output<S>>(schema, defaults);
  // Use this rather than form.register: it keeps what was typed before the form hydrated.
  const register = useEarlyInput(form.register);
  const fieldOrder = Object.keys(defaults) as Path<z.input<S>>[];

  const submit = form.handleSubmit(async (values) => {
    const query = new URLSearchParams({ "country-code": $country.get() });
    try {
      await api(`POST ${endpoint}`, { query: query.toString(), body: (toPayload ? toPayload(values) : values) as never });
      setSent(true);
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.status === 0) {
        showToast("error", texts["leadform.send_failed"]);
        return;
      }
      showToast("error", error.message);
      showServerFields(form, error, fieldOrder);
    }
  });

  const idPrefix = useId();
  /** A field's props: its id from the form's, required (every lead field is), its registration and its error in words. */
  const field = (name: Path<z.input<S>>) => ({
    idPrefix,
    "aria-required": true as const,
    registration: register(name),
    error: messageOf(texts, (form.formState.errors as Record<string, { message?: string } | undefined>)[name]?.message),
  });

  const { isDirty, isValid, isSubmitting } = form.formState;
  return { form, field, submit, sent, canSend: isDirty && isValid && !isSubmitting && !sent, isSubmitting };
}
