// Vite 8 (rolldown). .env lives at the repository root, shared with the API. The dev server proxies
// /backend to the API on :3000; `vite build` writes dist/ with hashed assets in dist/assets/ and a
// manifest (scripts/measure-wire.mjs measures what the browser fetches).
import { fileURLToPath } from 'node:url';
import prefresh from '@prefresh/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { requiredEnvPlugin } from './tooling/required-env-plugin.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

// React's API, Preact's runtime: see ARCHITECTURE.md "Web app" (landing page weight).
const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  envDir: repoRoot,
  resolve: { alias: reactOnPreact },
  // The automatic JSX runtime straight from Preact (the prefresh plugin would otherwise assume classic h()).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [requiredEnvPlugin(), await prefresh(), tailwindcss()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/backend': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      onwarn(warning, warn) {
        // Libraries mark React Server Component boundaries with "use client": meaningless in a browser bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        // react-router probes React.useOptimistic and falls back when it is absent, as it is in Preact.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
      output: {
        // Each library family in its own long-cached chunk, so an app release does not invalidate them.
        codeSplitting: {
          groups: [
            { name: 'preact', test: /node_modules[\\/]preact[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 20 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
