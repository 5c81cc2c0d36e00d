/**
 * Desktop carousels (landing, >= 960 px only: it is imported dynamically by landing-desktop.ts when the
 * media query matches, so phones never download or run it). It turns each [data-carousel] scroll row
 * into a sliding carousel: previous/next, autoplay with pause (stopped while hovered or focused, and
 * off when the person prefers reduced motion), optional shuffle, and off-screen slides made inert.
 */
interface Instance {
  destroy(): void;
}

function shuffleChildren(track: HTMLElement) {
  const items = [...track.children];
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  track.append(...items);
}

function enhance(root: HTMLElement): Instance {
  const viewport = root.querySelector<HTMLElement>(".carousel-viewport")!;
  const track = root.querySelector<HTMLElement>(".carousel-track")!;
  const controls = root.querySelector<HTMLElement>(".carousel-controls");
  const prev = root.querySelector<HTMLButtonElement>("[data-carousel-prev]");
  const next = root.querySelector<HTMLButtonElement>("[data-carousel-next]");
  const pause = root.querySelector<HTMLButtonElement>("[data-carousel-pause]");
  const speed = Number(root.dataset.speed ?? 500);
  const interval = Number(root.dataset.autoplay ?? 0);
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  if (root.dataset.shuffle !== undefined && !root.dataset.shuffled) {
    shuffleChildren(track);
    root.dataset.shuffled = "";
  }
  const slides = () => [...track.children] as HTMLElement[];
  const perView = () => Math.max(1, Math.floor(Number(getComputedStyle(root).getPropertyValue("--per-view")) || 1));
  const lastIndex = () => Math.max(0, slides().length - perView());

  let index = 0;
  let userPaused = reducedMotion;
  let hovered = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  root.classList.add("is-enhanced");
  root.style.setProperty("--speed", `${speed}ms`);
  viewport.scrollLeft = 0;
  const total = slides().length;
  const slideLabel = root.dataset.labelSlide ?? "{n} / {total}";
  slides().forEach((slide, i) => {
    slide.setAttribute("aria-roledescription", "slide");
    slide.setAttribute("aria-label", slideLabel.replace("{n}", String(i + 1)).replace("{total}", String(total)));
  });
  if (controls && total > perView()) controls.hidden = false;

  const render = () => {
    const first = slides()[0];
    const gap = parseFloat(getComputedStyle(track).columnGap) || 0;
    const step = first ? first.getBoundingClientRect().width + gap : 0;
    track.style.transform = `translateX(${-index * step}px)`;
    const visible = perView();
    slides().forEach((slide, i) => {
      const shown = i >= index && i < index + visible;
      slide.inert = !shown;
      // aria-hidden="" (what toggleAttribute writes) hides nothing: the value must be "true".
      if (shown) slide.removeAttribute("aria-hidden");
      else slide.setAttribute("aria-hidden", "true");
    });
  };
  const go = (to: number) => {
    const last = lastIndex();
    index = to > last ? 0 : to < 0 ? last : to;
    render();
  };

  const running = () => interval > 0 && !userPaused && !hovered && total > perView();
  const schedule = () => {
    if (timer) clearInterval(timer);
    timer = running() ? setInterval(() => go(index + 1), interval) : undefined;
  };

  const onPrev = () => {
    go(index - 1);
    schedule();
  };
  const onNext = () => {
    go(index + 1);
    schedule();
  };
  const onPause = () => {
    userPaused = !userPaused;
    pause?.setAttribute("aria-pressed", String(userPaused));
    pause?.setAttribute("aria-label", (userPaused ? pause.dataset.labelPlay : pause.dataset.labelPause) ?? "");
    schedule();
  };
  const onEnter = () => {
    hovered = true;
    schedule();
  };
  const onLeave = () => {
    hovered = root.matches(":hover") || root.contains(document.activeElement);
    schedule();
  };
  const onResize = () => go(Math.min(index, lastIndex()));

  prev?.addEventListener("click", onPrev);
  next?.addEventListener("click", onNext);
  pause?.addEventListener("click", onPause);
  root.addEventListener("mouseenter", onEnter);
  root.addEventListener("mouseleave", onLeave);
  root.addEventListener("focusin", onEnter);
  root.addEventListener("focusout", () => setTimeout(onLeave));
  window.addEventListener("resize", onResize);
  if (pause && userPaused) {
    pause.setAttribute("aria-pressed", "true");
    pause.setAttribute("aria-label", pause.dataset.labelPlay ?? "");
  }
  render();
  schedule();

  return {
    destroy() {
      if (timer) clearInterval(timer);
      prev?.removeEventListener("click", onPrev);
      next?.removeEventListener("click", onNext);
      pause?.removeEventListener("click", onPause);
      root.removeEventListener("mouseenter", onEnter);
      root.removeEventListener("mouseleave", onLeave);
      root.removeEventListener("focusin", onEnter);
      window.removeEventListener("resize", onResize);
      root.classList.remove("is-enhanced");
      track.style.transform = "";
      if (controls) controls.hidden = true;
      slides().forEach((slide) => {
        slide.inert = false;
        slide.removeAttribute("aria-hidden");
      });
    },
  };
}

let instances: Instance[] = [];

export function enhanceCarousels() {
  instances = [...document.querySelectorAll<HTMLElement>("[data-carousel]")].map(enhance);
}

export function releaseCarousels() {
  for (const instance of instances) instance.destroy();
  instances = [];
}
