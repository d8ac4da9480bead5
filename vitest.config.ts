// One vitest run over every package (each keeps its own vitest.config.ts), so `npm test` gets one report.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/db', 'apps/api', 'apps/web'],
  },
});
