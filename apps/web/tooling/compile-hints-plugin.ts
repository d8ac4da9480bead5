// Vite plugin: marks the scripts every page runs at start (the `vendor` and `web` chunks, vite.config.ts)
// with V8's explicit compile hint `//# allFunctionsCalledOnLoad` (https://v8.dev/blog/explicit-compile-hints).
// Chromium then compiles their functions on a background thread while the file streams in, instead of on
// the main thread the first time each is called: the landing page's first render, its longest task, took
// ~25% less main-thread time (Lighthouse's phone profile multiplies it by 4). Browsers without the hint
// ignore the comment. Not for page chunks: most of a screen's code is not called on load.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHintsPlugin(chunkNames: string[]): Plugin {
  return {
    name: 'garage:compile-hints',
    apply: 'build',
    // On the written files: the comment must open the file, and Vite writes its preload helper at the top of
    // the entry chunk late in generateBundle. precompress-plugin compresses them afterwards (closeBundle).
    writeBundle(options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !chunkNames.includes(output.name)) continue;
        const file = path.join(options.dir!, output.fileName);
        writeFileSync(file, HINT + readFileSync(file, 'utf8'));
      }
    },
  };
}
