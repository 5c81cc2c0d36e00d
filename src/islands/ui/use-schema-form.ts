/**
 * Every island form: react-hook-form over a shared zod schema (the same one the server checks, from
 * src/shared/schemas), whose messages are catalogue keys the fields show through messageOf; and the
 * server's refusal put back on the fields.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type DefaultValues, type FieldValues, type Mode, type Path, type Resolver, type UseFormReturn } from "react-hook-form";
import type * as z from "zod/mini";
import { ApiFailure } from "../../client/api";

interface Options {
  /** When a field is checked: after it is first left (the default), at every change (the booking steps), or on submit. */
  mode?: Extract<Mode, "onTouched" | "onChange" | "onSubmit">;
  /** Submit the values as typed rather than as the schema outputs them (the booking steps keep extra ticket data). */
  raw?: boolean;
}

type InputOf<S extends z.ZodMiniType> = z.input<S> extends FieldValues ? z.input<S> : FieldValues;
type OutputOf<S extends z.ZodMiniType> = z.output<S> extends FieldValues ? z.output<S> : FieldValues;

export function useSchemaForm<S extends z.ZodMiniType, V extends FieldValues = InputOf<S>, O = OutputOf<S>>(
  schema: S,
  defaults: DefaultValues<NoInfer<V>>,
  { mode = "onTouched", raw = false }: Options = {},
): UseFormReturn<V, unknown, O> {
  return useForm<V, unknown, O>({
    resolver: (raw ? zodResolver(schema as never, undefined, { raw: true }) : zodResolver(schema as never)) as unknown as Resolver<V, unknown, O>,
    mode,
    defaultValues: defaults,
  });
}

/**
 * Puts a 422's field messages (already translated by the server) on the form, focusing the first; true when
 * there were some. With `fields`, only those, in that order (the form's own fields, top to bottom).
 */
export function showServerFields<V extends FieldValues>(form: Pick<UseFormReturn<V, unknown, never>, "setError">, error: unknown, fields?: readonly Path<V>[]): boolean {
  if (!(error instanceof ApiFailure)) return false;
  const names = fields ? fields.filter((name) => error.fields[name]) : (Object.keys(error.fields) as Path<V>[]);
  names.forEach((name, index) => form.setError(name, { type: "server", message: error.fields[name] }, { shouldFocus: index === 0 }));
  return names.length > 0;
}

/** The message to show for a failed call: the server's, or a generic one when the network failed. */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiFailure && error.status !== 0 && error.message ? error.message : fallback;
}
