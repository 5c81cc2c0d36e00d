/**
 * The content pages: FAQ, how to book, B2B and about us render their content/ texts in
 * es_CO at the unprefixed paths and in another locale under its prefix.
 */
import { expect, test } from "./reused-page";
import { watchConsole } from "./content-helpers";

test.describe("FAQ", () => {
  test("four questions, a back-to-main button and the page brought into view (es_CO)", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Preguntas frecuentes" })).toBeVisible();
    const questions = page.locator(".faq-item h2");
    await expect(questions).toHaveText(["¿Qué es Rodamos?", "¿Qué son los traslados?", "¿Por qué elegir Rodamos?", "¿Cómo creo un evento privado?"]);
    await expect(page.getByRole("link", { name: "Volver al inicio" }).last()).toHaveAttribute("href", "/");
    await expect(page.locator("[data-scroll-into-view]")).toBeInViewport();
    const template = page.getByRole("link", { name: /plantilla de la lista de invitados/ });
    await expect(template).toHaveAttribute("href", "/templates/lista-invitados.xlsx");
    const download = await page.request.get("/templates/lista-invitados.xlsx");
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toContain("spreadsheetml");
    expect(errors).toEqual([]);
  });

  test("in English under the Colombian English prefix", async ({ page }) => {
    await page.goto("/co/en-us/faq");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-CO");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
    await expect(page.locator(".faq-item h2").first()).toHaveText("What is Rodamos?");
    await expect(page.getByRole("link", { name: "Back to home" }).last()).toHaveAttribute("href", "/co/en-us");
  });
});

test.describe("How to book", () => {
  test("the steps, the video and a link to the FAQ (es_CO)", async ({ page }) => {
    await page.goto("/how-book");
    await expect(page.getByRole("heading", { level: 1, name: "¿Cómo reservar?" })).toBeVisible();
    await expect(page.locator(".steps li")).toHaveCount(5);
    const video = page.locator("video");
    await expect(video.locator("source").first()).toHaveAttribute("src", "/videos/how-to.webm");
    expect((await page.request.get("/videos/how-to.webm")).status()).toBe(200);
    await expect(page.getByRole("link", { name: "Revisa las preguntas frecuentes" })).toHaveAttribute("href", "/faq");
  });

  test("in Portuguese for Chile", async ({ page }) => {
    await page.goto("/cl/pt-br/how-book");
    await expect(page.getByRole("heading", { level: 1, name: "Como reservar" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Veja as perguntas frequentes" })).toHaveAttribute("href", "/cl/pt-br/faq");
  });
});

test.describe("B2B", () => {
  test("the video, the 35% claim, 'Conoce más aquí' and the companies address (es_CO)", async ({ page }) => {
    await page.goto("/rodamos-companies");
    await expect(page.getByRole("heading", { level: 1, name: "Rodamos Empresas" })).toBeVisible();
    await expect(page.getByText("Ahorra hasta un 35%")).toBeVisible();
    await expect(page.getByRole("link", { name: "Conoce más aquí" })).toBeVisible();
    await expect(page.getByRole("link", { name: "empresas@rodamos.co" })).toHaveAttribute("href", "mailto:empresas@rodamos.co");
    await expect(page.locator("video source").first()).toHaveAttribute("src", "/videos/companies.webm");
  });

  test("in Spain's Spanish", async ({ page }) => {
    await page.goto("/es/es-es/rodamos-companies");
    await expect(page.getByText("Ahorra hasta un 35% en tus rutas de transporte de empleados.")).toBeVisible();
  });
});

test.describe("About us", () => {
  test("hero, the 70% claim, the promo video at volume 0.2, a team of 8, the offices and the quote form (es_CO)", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/about-us");
    await expect(page.getByRole("heading", { level: 1, name: "Nosotros" })).toBeVisible();
    await expect(page.getByText("Ahorra hasta un 70%")).toBeVisible();
    await expect(page.locator("[data-scroll-into-view]")).toBeInViewport();
    const volume = await page.locator("video").evaluate((video: HTMLVideoElement) => video.volume);
    expect(volume).toBeCloseTo(0.2);
    // The shipped file really decodes in the browser (WebM first): its length is the generated 8 s.
    const duration = await page.locator("video").evaluate(async (video: HTMLVideoElement) => {
      const loaded = new Promise((resolve, reject) => {
        video.addEventListener("loadedmetadata", resolve, { once: true });
        video.addEventListener("error", () => reject(new Error("video failed to load")), { once: true });
      });
      video.preload = "metadata";
      video.load();
      await loaded;
      return video.duration;
    });
    expect(duration).toBeGreaterThan(7);
    const team = page.locator(".team li");
    await expect(team).toHaveCount(8);
    await expect(team.first().getByRole("heading")).toHaveText("Valentina Rojas");
    await expect(team.first()).toContainText("Cofundadora y directora general");
    const offices = page.locator(".offices");
    await expect(offices.getByText("Calle 93 #11-26, Bogotá, Colombia")).toBeVisible();
    await expect(offices.getByText("Av. Paseo de la Reforma 296, Ciudad de México, México")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cotiza tu transporte" })).toBeVisible();
    await expect(page.getByTestId("quote-form").getByLabel("Fecha")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("in Mexican Spanish with translated job titles", async ({ page }) => {
    await page.goto("/mx/es-mx/about-us");
    await expect(page.getByRole("heading", { name: "Cotiza tu traslado" })).toBeVisible();
    await page.goto("/mx/en-us/about-us");
    await expect(page.locator(".team li").first()).toContainText("Co-founder and CEO");
  });
});
