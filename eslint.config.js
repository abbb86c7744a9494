// ESLint for the page's script (src/render/page/*.js): the recommended
// rules, every name defined (a module reaches another only through what
// main.js hands it), and the browser's globals, or a worker's for the
// console's SQLite. `npx eslint` runs it (.ci/run does).
const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  // Built files: the book's, Cargo's.
  { ignores: ["target/", "docs/book/"] },
  {
    files: ["src/render/page/*.js"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      ...js.configs.recommended.rules,
      "no-undef": "error",
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "all" }],
      "no-implicit-globals": "error",
      "no-shadow": ["error", { builtinGlobals: false }],
      "no-var": "error",
      "prefer-const": "error",
      "eqeqeq": "error",
      "curly": "error",
      "max-statements-per-line": ["error", { max: 1 }],
      "no-throw-literal": "off",
      "strict": ["error", "never"],
      // The page holds each line without its indentation (page.rs,
      // unindented), which would change a template literal's text.
      "no-restricted-syntax": ["error", {
        selector: "TemplateLiteral",
        message: "the page trims each line's indentation: use a string",
      }],
    },
  },
  {
    files: ["src/render/page/console-worker.js", "src/render/page/stepper-worker.js"],
    languageOptions: {
      globals: { ...globals.worker },
    },
  },
  {
    files: ["eslint.config.js"],
    ...js.configs.recommended,
    languageOptions: {
      sourceType: "commonjs",
      globals: { ...globals.node },
    },
  },
];
