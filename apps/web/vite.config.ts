// Vite 8 (rolldown). .env lives at the repository root, shared with the API. The dev server proxies
// /backend to the API on :3000; `vite build` writes dist/ with hashed assets in dist/assets/ and a
// manifest (scripts/measure-wire.mjs measures what the browser fetches).
import { fileURLToPath } from 'node:url';
import prefresh from '@prefresh/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type UserConfig } from 'vite';
import { compileHintsPlugin } from './tooling/compile-hints-plugin.ts';
import { precompressPlugin } from './tooling/precompress-plugin.ts';
import { reactOnPreact } from './tooling/react-on-preact.ts';
import { requiredEnvPlugin } from './tooling/required-env-plugin.ts';
import { startPreloadsPlugin } from './tooling/start-preloads-plugin.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

// `vite build --ssr src/server-render.tsx` (package.json "build") builds the server's drawing of the start
// screens: one self-contained module (no node_modules needed beside it), without the browser build's plugins.
export default defineConfig(
  async ({ isSsrBuild }): Promise<UserConfig> => ({
    envDir: repoRoot,
    resolve: { alias: reactOnPreact },
    // The automatic JSX runtime straight from Preact (the prefresh plugin would otherwise assume classic h()).
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    plugins: isSsrBuild
      ? [requiredEnvPlugin()]
      : [
          requiredEnvPlugin(),
          await prefresh(),
          tailwindcss(),
          startPreloadsPlugin(),
          compileHintsPlugin(['vendor', 'web']),
          precompressPlugin(),
        ],
    ssr: { noExternal: true },
    // public/ is the browser's (copied into dist/ by the browser build only).
    publicDir: isSsrBuild ? false : 'public',
    server: {
      port: 5173,
      strictPort: true,
      proxy: { '/backend': { target: 'http://localhost:3000', changeOrigin: false } },
    },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      manifest: !isSsrBuild,
      target: 'es2022',
      rolldownOptions: {
        // A feature's index.ts only re-exports (src/feature-boundaries.test.ts): an import through it brings the
        // modules it names, not the whole feature (the public site would otherwise load staff code, e.g. tRPC).
        // Any other module: undefined keeps the default (package.json "sideEffects", else analysed).
        treeshake: { moduleSideEffects: (id) => (/[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id) ? false : undefined) },
        onwarn(warning, warn) {
          // Libraries mark React Server Component boundaries with "use client": meaningless in a browser bundle.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          // react-router probes React.useOptimistic and falls back when it is absent, as it is in Preact.
          if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
          warn(warning);
        },
        // Required by experimentalInlineCommonChunks: entry chunks may then gain or lose exports (the server's
        // module keeps its own: the API calls them).
        preserveEntrySignatures: isSsrBuild ? 'strict' : false,
        output: isSsrBuild
          ? {}
          : {
              // Fewer, larger files (bytes on the wire: each file costs its response headers and a request, and a
              // 0.2 KB chunk cost 1.3 KB). The libraries every page needs at start are one long-cached chunk; the
              // small chunks shared by a few screens (icons, helpers) are copied into those screens' chunks
              // instead of being fetched one by one. `pnpm measure:wire` shows the effect.
              codeSplitting: {
                groups: [
                  { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 30 },
                  { name: 'web', tags: ['$initial'], priority: 20 },
                ],
                experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
              },
            },
      },
    },
  }),
);
