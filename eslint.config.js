import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "server-build/**", "node_modules/**", "content-fixtures/**", ".cache/**", "test-results/**", "playwright-report/**", "retained-assets/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Browser code never loads zod: the server parses content (docs/decisions/020). Components
    // may import schema modules for their types only.
    files: [
      "app/blocks/**/*.{ts,tsx}",
      "app/components/**/*.{ts,tsx}",
      "app/features/*/components/**/*.{ts,tsx}",
      "app/features/shell/**/*.{ts,tsx}",
      "app/root.tsx",
      "app/entry.client.tsx",
    ],
    ignores: ["**/*.schema.ts", "**/*.server.ts", "app/blocks/schemas.ts", "app/blocks/parse.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["zod", "zod/*", "**/*.schema", "~/content/schema", "~/content/content-types"],
              allowTypeImports: true,
              message: "Browser code must not load zod: import types only (docs/decisions/020).",
            },
          ],
        },
      ],
    },
  },
);
