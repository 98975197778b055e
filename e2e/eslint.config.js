// Lint rules for the web page (crates/server/web): ESLint's recommended set
// with browser globals. Run from the repository root (see .ci/run):
//   e2e/node_modules/.bin/eslint -c e2e/eslint.config.js crates/server/web
import js from '@eslint/js';
import globals from 'globals';

export default [
  {
    files: ['crates/server/web/**/*.js'],
    ...js.configs.recommended,
    languageOptions: { globals: globals.browser, sourceType: 'module', ecmaVersion: 2022 },
  },
];
