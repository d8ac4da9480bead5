// Production build of the API: src/server.ts and the workspace packages it imports (@garage/db,
// @garage/shared: TypeScript) bundled into one ES module, dist/server.mjs, that plain `node` runs: no
// TypeScript loader at run time (bench/start-cost.ts measures the difference). npm packages are not bundled:
// they load from node_modules as usual. `pnpm dev` and the tests keep running the sources through tsx.
//
// Two rules keep the bundle behaving exactly like the sources:
// - each module's `import.meta.url` is replaced by its source file's URL, so paths computed from it (the
//   repository root, Prisma's migrations and CLI, PDF fonts and assets) stay what they are in the sources;
// - a workspace package's own dependencies are only visible from its folder (pnpm), so they are imported
//   through their path relative to the bundle.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
// `node scripts/build.mjs [outfile]`: another file name lets a benchmark build its own copy while others use
// dist/server.mjs (it must stay inside apps/api, where npm packages resolve from).
const outfile = process.argv[2] ? path.resolve(process.argv[2]) : path.join(apiDir, 'dist', 'server.mjs');
const outDir = path.dirname(outfile);

await build({
  entryPoints: [path.join(apiDir, 'src', 'server.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // Stack traces map to the sources through the mappings alone; with their text inside the map, every server
  // process (--enable-source-maps) held a 2 MB copy of all the sources on its heap. Node reads an original
  // file from disk the rare time it prints source lines.
  sourcesContent: false,
  logLevel: 'warning',
  // Some CommonJS code inside the bundle calls require().
  banner: {
    js: "import { createRequire as __garageCreateRequire } from 'node:module'; const require = __garageCreateRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'garage-sources',
      setup(bundler) {
        bundler.onResolve({ filter: /^[^./]/ }, async (args) => {
          if (args.path.startsWith('@garage/') || args.pluginData === 'inner') return undefined;
          if (args.path.startsWith('node:') || !args.importer.includes(`${path.sep}packages${path.sep}`))
            return { path: args.path, external: true };
          const resolved = await bundler.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'inner' });
          if (resolved.errors.length > 0) return { errors: resolved.errors };
          if (resolved.external) return { path: args.path, external: true };
          const relative = path.relative(outDir, resolved.path).split(path.sep).join('/');
          return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
        });
        bundler.onLoad({ filter: /\.ts$/ }, async (args) => ({
          contents: (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
          loader: 'ts',
        }));
      },
    },
  ],
});
