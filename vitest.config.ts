import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  plugins: [vue()],
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 300_000, // a guard against hangs, not a time goal: heavy tests take minutes on a busy machine (issue 26)
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
