/** Texts for components: a row's translation (the one rule of src/shared/pick-translation.ts) and catalogue picks. */
export { pickTranslation } from "../../shared/pick-translation";

/** A subset of one locale's catalogue, handed to a component or an island as plain strings. */
export function pickMessages<K extends string>(keys: readonly K[], translate: (key: K) => string): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, translate(key)])) as Record<K, string>;
}
