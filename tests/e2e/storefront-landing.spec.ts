/** Landing page at 1280 and 390 px. */
import { expect, test } from "./reused-page";
import { expectNoSeriousViolations, structureViolations } from "./axe";
import { watchConsole } from "./storefront-helpers";

test.describe("landing at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows every desktop part, with working carousels and no console errors", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/");
    for (const part of ["landing-slides", "landing-finder", "landing-recommended", "landing-massive", "landing-community", "landing-partners"]) {
      await expect(page.getByTestId(part), part).toBeVisible();
    }
    // At most 20 mass events in the preview.
    const massCards = page.getByTestId("landing-massive").locator(".event-card");
    expect(await massCards.count()).toBeGreaterThan(0);
    expect(await massCards.count()).toBeLessThanOrEqual(20);

    // The desktop carousel script ran: previous/next controls are shown and the slides move.
    const slides = page.getByTestId("landing-slides").locator("[data-carousel]");
    await expect(slides).toHaveClass(/is-enhanced/);
    const track = slides.locator(".carousel-track");
    await slides.getByRole("button", { name: "Siguiente" }).click();
    await expect(track).toHaveAttribute("style", /translateX\(-\d+/);

    // Recommended carousel: 4 per view at 1280 px.
    const recommended = page.getByTestId("landing-recommended").locator(".carousel-slide");
    const widths = await recommended.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().width));
    const viewport = await page.getByTestId("landing-recommended").locator(".carousel-viewport").evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(viewport / widths[0]!)).toBe(4);

    // Community: messages are cut at 130 characters, tags are hashtags.
    const messages = await page.getByTestId("landing-community").locator("blockquote").allTextContents();
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message.trim().length).toBeLessThanOrEqual(130);
    await expect(page.getByTestId("landing-community").locator(".tags").first()).toContainText("#");

    expect(errors).toEqual([]);
  });

  test("the partner and community carousels play by themselves, one post at a time, and can be paused", async ({ page }) => {
    await page.goto("/");
    const partners = page.getByTestId("landing-partners").locator("[data-carousel]");
    await expect(partners).toHaveClass(/is-enhanced/);
    // Partners move every 3 s with nobody touching the page.
    await expect(partners.locator(".carousel-track")).toHaveAttribute("style", /translateX\(-\d+/, { timeout: 6000 });

    const community = page.getByTestId("landing-community").locator("[data-carousel]");
    const shown = community.locator(".carousel-slide:not([aria-hidden])");
    await expect(shown).toHaveCount(1);
    const pause = community.getByRole("button", { name: "Pausar" });
    await pause.click();
    const resume = community.getByRole("button", { name: "Reanudar" });
    await expect(resume).toHaveAttribute("aria-pressed", "true");
    const before = await shown.textContent();
    // Neither hover nor focus may be what holds it still.
    await page.mouse.move(0, 0);
    await resume.evaluate((button) => (button as HTMLElement).blur());
    await page.waitForTimeout(5600);
    expect(await shown.textContent()).toBe(before);
  });

  test("finder icons scroll down to the recommended and mass sections", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("landing-finder").getByRole("link", { name: /Eventos masivos/ }).click();
    await expect(page).toHaveURL(/#massive$/);
    await expect(page.locator("#massive-title")).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId("landing-finder").getByRole("link", { name: /Traslados recomendados/ }).click();
    await expect(page.locator("#recommended-title")).toBeInViewport();
  });

  test("the main bar turns orange after 1000 px of scroll", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("[data-site-header]");
    const bar = header.locator(".main-bar");
    const white = await bar.evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect(header).not.toHaveAttribute("data-scrolled");
    await page.evaluate(() => window.scrollTo(0, 1100));
    await expect(header).toHaveAttribute("data-scrolled", "");
    await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(249, 115, 22)");
    expect(white).toBe("rgb(255, 255, 255)");
    expect(await header.evaluate((el) => el.getBoundingClientRect().height)).toBe(120);
    // The links stay legible on orange.
    await expectNoSeriousViolations(page, { include: "[data-site-header]" });
  });

  test("has no serious accessibility violation", async ({ page }) => {
    await page.goto("/");
    await expectNoSeriousViolations(page);
  });

  test("each section is one landmark: its carousel is not a second one of the same name", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(".carousel-slides.is-enhanced")).toBeVisible();
    expect(await structureViolations(page)).toEqual([]);
  });
});

test.describe("landing at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows only the recommended and mass-event sections and loads no carousel code", async ({ page }) => {
    const errors = watchConsole(page);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/");
    await expect(page.getByTestId("landing-recommended")).toBeVisible();
    await expect(page.getByTestId("landing-massive")).toBeVisible();
    for (const part of ["landing-slides", "landing-finder", "landing-community", "landing-partners"]) {
      await expect(page.getByTestId(part), part).toBeHidden();
    }
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((url) => /carousel|swiper/.test(url))).toEqual([]);
    // No slide, partner or community image is downloaded on a phone.
    const images = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
    expect(images.filter((url) => /\/demo\/(slides|partners|community)\//.test(url))).toEqual([]);
    // The recommended row scrolls sideways with CSS scroll snapping.
    const snap = await page.getByTestId("landing-recommended").locator(".carousel-viewport").evaluate((el) => getComputedStyle(el).scrollSnapType);
    expect(snap).toContain("x");
    expect(await page.locator("[data-site-header]").evaluate((el) => el.getBoundingClientRect().height)).toBe(90);
    expect(errors).toEqual([]);
  });

  test("the drawer opens with the spec's entries and the search toggle shows the box", async ({ page }) => {
    await page.goto("/");
    const menuButton = page.getByRole("button", { name: "Abrir menú" });
    await menuButton.click();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    const drawer = page.locator("#mobile-drawer");
    await expect(drawer).toBeVisible();
    for (const name of ["Eventos masivos", "Eventos privados", "Parejas y matrimonios", "Alianzas", "Empresas", "Cómo reservar", "Nosotros", "Contacto"]) {
      await expect(drawer.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
    await expect(drawer.getByRole("button", { name: /País e idioma/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");

    const toggle = page.getByRole("button", { name: "Mostrar u ocultar la búsqueda" });
    await expect(page.locator("#search-mobile")).toBeHidden();
    await toggle.click();
    await expect(page.locator("#search-mobile")).toBeFocused();
    await toggle.click();
    await expect(page.locator("#search-mobile")).toBeHidden();
  });

  test("has no serious accessibility violation", async ({ page }) => {
    await page.goto("/");
    await expectNoSeriousViolations(page);
  });
});
