/** A provider's way back to the shop: the shop's URL with the provider's parameters added to its query. */
export function withParams(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}
