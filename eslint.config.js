// The house linter (issue 42, decision 047): typescript-eslint's recommended
// rules, React's hooks rules and jsx-a11y's recommended rules, run by `npm
// test` (`npm run lint`). The typecheck stays tsc's job; these are the rules it
// cannot see. A rule turned off here, or a disable comment in the code, says why.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".wrangler/", "test-results*/", "playwright-report/", "public/", "runner/.cache/", "worker-configuration.d.ts", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    rules: {
      // Unused names are an error, except the deliberately ignored (`_x`) and a rest sibling that drops a key.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    // The two rules of hooks. Version 7's recommended set adds the React
    // Compiler's rules (refs read in render, setState in an effect, purity):
    // they judge whether the compiler could compile a component, and we run
    // React 18 without it, where the "latest value in a ref" pattern they
    // flag (35 places) is the documented way; decision 047 has the count.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Where the focus goes is designed (a dialog's first field, the join code) and checked by the keyboard and axe walks.
      "jsx-a11y/no-autofocus": "off",
      // A scrolling region must be focusable to be scrolled by keyboard (axe's scrollable-region-focusable; ui/scroll-box.tsx).
      // (a region, a program's output log, a test case's <pre>).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["region", "log"], tags: ["pre"], allowExpressionValues: true }],
      // A label's text may sit three levels in (name and hint spans inside a span).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },
  {
    // Playwright's fixtures take their options by destructuring, an empty pattern when they need none.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
