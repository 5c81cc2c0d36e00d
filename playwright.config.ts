import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4399);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // On CI a journey that fails is run once more and, if it then passes, reported as "flaky" in the log (two
  // browsers, the shop and its renderer on two busy cores); one that fails twice fails the run. Locally: no retry.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // What a person sees within a few seconds on a phone can take longer here: two browsers, the shop and its renderer
  // share two cores, and an island hydrating behind a busy CPU is still the same page. Assertions wait up to 15 s.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "es-CO",
    timezoneId: "America/Bogota",
    trace: "off",
    // A click or a page load that never ends fails where it hangs, not as the journey's whole timeout.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    launchOptions: {
      // Debian's Chromium; the tests never download a browser.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: "tsx scripts/e2e-server.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 600_000,
    // npm test (scripts/test.ts) starts this shop while the API suite runs and says so; otherwise it is started here.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === "1",
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(port) },
  },
});
