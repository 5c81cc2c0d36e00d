/** react-hook-form with a shared zod schema (the same one the server checks), and the server's field errors put back on the fields. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import type * as z from "zod/mini";
import { ApiFailure } from "../../client/api";

export function useShopForm<S extends z.ZodMiniType<FieldValues, FieldValues>>(schema: S, defaults: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    mode: "onTouched",
    defaultValues: defaults,
  });
}

/** Puts a 422's field messages (already translated by the server) on the form; true when there were some. */
export function showServerFields<V extends FieldValues>(form: UseFormReturn<V, unknown, FieldValues>, error: unknown): boolean {
  if (!(error instanceof ApiFailure)) return false;
  const names = Object.keys(error.fields) as Path<V>[];
  names.forEach((name, index) => form.setError(name, { type: "server", message: error.fields[name] }, { shouldFocus: index === 0 }));
  return names.length > 0;
}

/** The message to show for a failed call: the server's, or a generic one when the network failed. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiFailure && error.status !== 0 && error.message ? error.message : fallback;
}
