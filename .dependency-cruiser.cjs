/**
 * dependency-cruiser (`npm run lint`, and the lint check of `npm test`): no import cycles, type-only imports
 * included. ESLint's `import/no-cycle` (eslint-plugin-import-x) skips `import type`, and four of the five cycles
 * issue 28 found ran through type-only imports (a protocol type importing the session file's type, which imported
 * the protocol back), so the check reads the TypeScript sources before the types are erased
 * (tsPreCompilationDeps) and the <script> of .vue files. test/build/no-cycle.test.ts shows it rejecting cycles.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: move the shared type to the module it describes, or give the modules one direction ' +
        '(docs/architecture.md, "Import direction").',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|out|dist|release|reports|test-results|bench/results)/|/assembly/' },
    tsPreCompilationDeps: true,
    // The Node side imports './x.js' for './x.ts' (resolved by dependency-cruiser itself), the renderer './x'
    // and './X.vue'.
    enhancedResolveOptions: {
      extensions: ['.ts', '.vue', '.js', '.mjs', '.json'],
    },
    // Report only what is wrong; the cycle's modules are listed in the message.
    reporterOptions: { text: { highlightFocused: true } },
  },
};
