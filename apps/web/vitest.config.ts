import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './tooling/react-on-preact.ts';

export default defineConfig({
  // The app's runtime and settings (src/server-render.test.ts draws real screens).
  // react-i18next's use-sync-external-store shim require()s React from CommonJS, past the aliases: Preact
  // has the hook itself (the browser build bundles the shim, whose require the alias does reach).
  resolve: { alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' }, ...reactOnPreact] },
  // ES modules where a package has them (React Router's CommonJS build would require a second, React copy).
  ssr: { resolve: { conditions: ['module', 'module-sync', 'import', 'node', 'default'] } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  envDir: fileURLToPath(new URL('../../', import.meta.url)),
  test: {
    include: ['src/**/*.test.ts', 'tooling/**/*.test.ts'],
    environment: 'node',
    // Libraries built on React import 'react' too: transformed with the app's code, they get Preact as well.
    server: {
      deps: {
        inline: [
          /react-i18next/,
          /@tanstack\/react-query/,
          /react-router/,
          /radix-ui/,
          /@radix-ui/,
          /lucide-react/,
          /react-hook-form/,
          /@hookform/,
          /react-hot-toast/,
          /use-sync-external-store/,
        ],
      },
    },
  },
});
