/**
 * The catalogues' message format is ICU MessageFormat, formatted by `intl-messageformat` (FormatJS): `{name}`
 * placeholders, `{count, plural, =0 {…} one {# order} other {# orders}}` chosen by the locale's plural rules
 * (Portuguese counts 0 as "one"), `{kind, select, …}`, and `{n, number}` / `{when, date, long}` in the locale's own
 * format. Texts may carry HTML-looking characters, so tags are text (`ignoreTag`). A placeholder the caller does not
 * fill stays as written (`{name}`), so a half-filled text still reads; a plural, select, number or date whose value
 * is missing leaves the whole text as written rather than guessing a branch.
 */
import { IntlMessageFormat, type PrimitiveType } from "intl-messageformat";

export type MessageParams = Record<string, string | number | Date>;

type Ast = ReturnType<IntlMessageFormat["getAst"]>;

const compiled = new Map<string, IntlMessageFormat | null>();
/** Compiled texts are kept (a catalogue is a few thousand texts per locale); past this many the oldest go. */
const MAX_COMPILED = 5000;

function compile(text: string, localeTag: string): IntlMessageFormat | null {
  const key = `${localeTag}\u0000${text}`;
  if (compiled.has(key)) return compiled.get(key)!;
  let format: IntlMessageFormat | null;
  try {
    format = new IntlMessageFormat(text, localeTag, undefined, { ignoreTag: true });
  } catch {
    // Not ICU (a stray brace in a stored text): shown as written.
    format = null;
  }
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, format);
  return format;
}

/** The names of the plain `{name}` placeholders, and whether any argument needs a value to choose or format. */
function argumentsOf(ast: Ast, plain: Set<string>, typed: Set<string>): void {
  for (const node of ast) {
    // Element types of @formatjs/icu-messageformat-parser: 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural, 8 tag.
    const element = node as { type: number; value?: unknown; options?: Record<string, { value: Ast }>; children?: Ast };
    const name = typeof element.value === "string" ? element.value : "";
    if (element.type === 1) plain.add(name);
    else if (element.type >= 2 && element.type <= 6) {
      typed.add(name);
      for (const option of Object.values(element.options ?? {})) argumentsOf(option.value, plain, typed);
    } else if (element.type === 8 && element.children) argumentsOf(element.children, plain, typed);
  }
}

/** `text` with its placeholders filled from `params` and its plurals, selects, numbers and dates formatted. */
export function formatMessage(text: string, params: MessageParams | undefined, localeTag = "es"): string {
  if (!text.includes("{")) return text;
  const format = compile(text, localeTag);
  if (!format) return text;
  const values: Record<string, PrimitiveType> = { ...params };
  const plain = new Set<string>();
  const typed = new Set<string>();
  argumentsOf(format.getAst(), plain, typed);
  for (const name of typed) if (!(name in values)) return text;
  for (const name of plain) if (!(name in values)) values[name] = `{${name}}`;
  try {
    return String(format.format(values));
  } catch {
    return text;
  }
}
