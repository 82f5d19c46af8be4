// ESLint flat config: the recommended rules of ESLint, typescript-eslint and eslint-plugin-vue. Syntax-only (no
// type-aware rules), so `npm run lint` stays fast; the type-checks in `npm test` cover types.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'reports/**',
      'bench/results/**',
      '.vite/**',
      // AssemblyScript (its own types: u8, usize, load/store), compiled by build/wasm.mjs, not by tsc.
      'core/**/assembly/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    // Vue single-file components: the template parser hands <script lang="ts"> to typescript-eslint.
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    // core/ is platform-free, but every tsconfig types it as ES2022 only; the type-checks (tsconfig.core.json)
    // catch a stray DOM or Node global there, so lint allows both everywhere rather than per folder.
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser, ...globals.worker },
    },
    rules: {
      // Unused bindings are errors, except those named `_…` on purpose (placeholders in destructuring and
      // callbacks whose signature is fixed) and the `catch` binding of a handler that ignores the error.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.vue'],
    rules: {
      // Layout rules of eslint-plugin-vue's recommended set that contradict the templates' deliberate style, which
      // keeps short elements and their attributes on one line (`<label>k <input … /></label>`): they fired 524
      // and 274 times without finding anything but layout.
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      // The templates' own convention, enforced rather than switched off: void elements self-closed
      // (`<input … />`), other HTML elements written open and closed (`<span></span>`), components self-closed.
      'vue/html-self-closing': ['error', { html: { void: 'always', normal: 'never', component: 'always' } }],
    },
  },
  {
    // The folders tell the architecture (README, Architecture): the two Node hosts, cli/ (the skfr command) and
    // electron/ (the desktop app), stand on node/ (the Node host layer) and core/, never on each other; node/
    // stands on core/ only; core/ on nothing of the hosts.
    files: ['cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)electron(/|$)', message: 'cli/ never imports electron/: share the code through node/ or core/.' }] }],
    },
  },
  {
    files: ['electron/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)cli/', message: 'electron/ never imports cli/: share the code through node/ or core/.' }] }],
    },
  },
  {
    files: ['node/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(cli|renderer)/|(^|/)electron(/|$)', message: 'node/ is the Node host layer under cli/ and electron/: it imports core/ only.' }] },
      ],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(cli|node|renderer)/|(^|/)electron(/|$)|^node:', message: 'core/ is platform-free: no host folder, no Node built-in.' }] },
      ],
    },
  },
);
