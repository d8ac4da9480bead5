// Vite plugin: writes .vite/start-preloads.json, for each screen of src/start-routes.ts and each language, the
// script files its first render needs beyond those index.html already loads: the screen's chunk and the
// chunks it imports, and the translation chunks of its namespaces plus the start namespaces; then the
// language's start fonts (START_FONTS, .woff2 files). Under "*", the same for any other address (the start
// namespaces and fonts). The server (apps/api/src/plugins/start-page.ts) announces them in the page it
// sends for that path and language.
import path from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGES } from '@garage/shared/constants';
import { START_FONTS, START_NAMESPACES, START_ROUTES } from '../src/start-routes.ts';

export const START_PRELOADS_FILE = '.vite/start-preloads.json';

/** path → language → URLs, e.g. { "/login": { "en": ["/assets/login-page-x.js", ...] } } */
export type StartPreloads = Record<string, Record<string, string[]>>;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
}

export function startPreloadsPlugin(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'garage:start-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is typeof item & ChunkLike => item.type === 'chunk') as ChunkLike[];
      const byModule = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId!, chunk]));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // What index.html already loads: the entry and everything it imports statically.
      const loadedByPage = new Set<string>();
      const addWithImports = (file: string, into: Set<string>) => {
        if (into.has(file) || loadedByPage.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) addWithImports(imported, into);
      };
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) addWithImports(entry.fileName, loadedByPage);

      const chunkOf = (modulePath: string) => {
        const chunk = byModule.get(path.resolve(root, modulePath));
        if (!chunk) this.error(`start-routes.ts names ${modulePath}, which is not a chunk of the build (not a lazily loaded screen?)`);
        return chunk;
      };
      const fontFiles = Object.values(bundle)
        .filter((item) => item.type === 'asset' && item.fileName.endsWith('.woff2'))
        .map((item) => item.fileName);
      const fontFile = (name: string) => {
        const file = fontFiles.find((candidate) => path.basename(candidate).startsWith(`${name}-`));
        if (!file) this.error(`start-routes.ts START_FONTS names ${name}, which is not a font file of the build`);
        return file;
      };
      const preloads: StartPreloads = {};
      const screens: [string, { module?: string; namespaces: readonly string[] }][] = [
        ...Object.entries(START_ROUTES),
        ['*', { namespaces: [] }],
      ];
      for (const [pathname, { module, namespaces }] of screens) {
        preloads[pathname] = {};
        for (const language of LANGUAGES) {
          const files = new Set<string>();
          if (module) addWithImports(chunkOf(module).fileName, files);
          for (const namespace of [...START_NAMESPACES, ...namespaces])
            addWithImports(chunkOf(`src/locales/${language}/${namespace}.json`).fileName, files);
          for (const font of START_FONTS[language]) files.add(fontFile(font));
          preloads[pathname][language] = [...files].map((file) => `${base}${file}`);
        }
      }
      this.emitFile({ type: 'asset', fileName: START_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
