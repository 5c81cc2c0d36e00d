/**
 * `client:interaction`: hydrate an island on the first pointerdown, focusin, keydown or touchstart inside it.
 * The lead forms are fully server-rendered, so a page with one ships only the header script until a person
 * starts using the form. What they type before React is attached is kept by the form itself
 * (src/islands/ui/use-early-input.ts).
 */
import type { ClientDirective } from "astro";

declare module "astro" {
  interface AstroClientDirectives {
    "client:interaction"?: boolean;
  }
}

const TRIGGERS = ["pointerdown", "focusin", "keydown", "touchstart"] as const;

const hydrateOnInteraction: ClientDirective = (load, _options, island) => {
  let started = false;
  let hydrated = false;
  // A native submit before React is attached would reload the page with the fields in the address bar.
  const holdSubmit = (event: Event) => {
    if (!hydrated) event.preventDefault();
    void start();
  };
  async function start() {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) island.removeEventListener(type, start, true);
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    island.removeEventListener("submit", holdSubmit, true);
  }
  for (const type of TRIGGERS) island.addEventListener(type, start, { capture: true, passive: true });
  island.addEventListener("submit", holdSubmit, true);
};

export default hydrateOnInteraction;
