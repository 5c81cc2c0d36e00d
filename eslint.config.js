import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import astro from "eslint-plugin-astro";

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
    // Islands run in the browser: they must never reach into the server.
    files: ["src/islands/**", "src/stores/**", "src/client/**", "src/shared/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/server/**"] }],
    },
  },
);
