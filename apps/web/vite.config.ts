// Vite 8 (rolldown). .env lives at the repository root, shared with the API. The dev server proxies
// /backend to the API on :3000; `vite build` writes dist/ with hashed assets in dist/assets/ and a
// manifest that scripts/measure-landing-js.mjs reads.
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { requiredEnvPlugin } from './tooling/required-env-plugin.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export default defineConfig({
  envDir: repoRoot,
  plugins: [requiredEnvPlugin(), react(), tailwindcss()],
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
      output: {
        // Each library family in its own long-cached chunk, so an app release does not invalidate them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 20 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 20 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
