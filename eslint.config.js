import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import astro from "eslint-plugin-astro";

const serverImports = { group: ["**/server/**"], allowTypeImports: true, message: "Browser and page code reaches the shop through its API, not src/server." };

export default defineConfig(
  { ignores: ["dist/", "data/", ".tmp/", ".astro/", "node_modules/", "test-results/", "src/server/db/migrations/"] },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // Islands run in the browser, and pages and components are built into static HTML from the shop API's
    // answers: none of them may reach into the server. Type-only imports carry no code and stay allowed.
    files: ["src/islands/**", "src/stores/**", "src/client/**", "src/shared/**", "src/components/**", "src/views/**", "src/layouts/**", "src/site/**", "src/pages/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [serverImports] }],
    },
  },
  {
    // Islands get their words for one locale as a prop or a static file (src/islands/ui/texts.ts): importing
    // a catalogue, or an island's key lists, would ship all six locales to the browser.
    files: ["src/islands/**", "src/stores/**", "src/views/**"],
    ignores: ["src/islands/**/texts.ts", "src/islands/text-files.ts", "src/islands/ui/pick-texts.ts", "src/islands/ui/format-message.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            serverImports,
            {
              group: ["**/shared/i18n", "**/shared/i18n/**", "**/ui/pick-texts", "**/text-files", "**/texts", "!**/ui/texts"],
              allowTypeImports: true,
              message: "Islands receive one locale's words (src/islands/ui/texts.ts); import only types from catalogues and key lists.",
            },
          ],
        },
      ],
    },
  },
);
