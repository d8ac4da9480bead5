// Feature boundaries (ARCHITECTURE.md, web app): a file outside features/<name>/ reaches that feature only
// through its public entry, features/<name>/index.ts (re-exports only), or through a lazy import() in the
// route tables (router.tsx). Shared UI lives in components/, shared non-UI helpers in lib/. Tests may read a
// feature's internals: they check code, they do not compose it, and they never ship. The test also prints how
// many imports still cross from one feature into another and which features import each other.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE_DIR = path.dirname(fileURLToPath(import.meta.url));
const FEATURES_DIR = path.join(SOURCE_DIR, 'features');
/** The route tables: the only files that may load a feature's screen module directly, lazily. */
const ROUTE_TABLES = new Set(['router.tsx']);

interface FeatureImport {
  /** The importing file, relative to src/. */
  file: string;
  /** The imported file, relative to src/. */
  target: string;
  dynamic: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The feature a file (relative to src/) belongs to, or null outside features/. */
function featureOf(relativePath: string): string | null {
  const match = /^features\/([^/]+)\//.exec(relativePath);
  return match?.[1] ?? null;
}

/** Every relative import (static, re-export, import type or dynamic import()) that lands in a feature. */
function featureImports(): FeatureImport[] {
  return sourceFiles(SOURCE_DIR).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    // preProcessFile gives each specifier's position at its opening quote.
    const dynamicPositions = new Set([...text.matchAll(/import\(\s*(?=['"])/g)].map((match) => match.index + match[0].length));
    return importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName, pos }) => ({
        file: path.relative(SOURCE_DIR, file),
        target: path.relative(SOURCE_DIR, path.resolve(path.dirname(file), fileName)),
        dynamic: dynamicPositions.has(pos),
      }))
      .filter(({ target }) => featureOf(target) !== null);
  });
}

function isPublicEntry(target: string): boolean {
  return /^features\/[^/]+\/index(\.ts)?$/.test(target);
}

function boundaryViolations(imports: FeatureImport[]): string[] {
  return imports
    .filter(({ file, target }) => featureOf(file) !== featureOf(target) && !/\.test\.tsx?$/.test(file))
    .filter(({ file, target, dynamic }) => !isPublicEntry(target) && !(dynamic && ROUTE_TABLES.has(file)))
    .map(({ file, target }) => `${file} imports ${target} (use features/${featureOf(target)}/index.ts)`);
}

describe('feature boundaries', () => {
  const imports = featureImports();

  it('prints the imports that cross from one feature into another', () => {
    const crossing = imports.filter(({ file, target }) => featureOf(file) !== null && featureOf(file) !== featureOf(target));
    const edges = new Set(crossing.map(({ file, target }) => `${featureOf(file)} -> ${featureOf(target)}`));
    const mutualPairs = [...edges]
      .map((edge) => edge.split(' -> ') as [string, string])
      .filter(([from, to]) => from < to && edges.has(`${to} -> ${from}`))
      .map(([from, to]) => `${from} <-> ${to}`);
    console.log(
      [
        `cross-feature imports: ${crossing.length} (through an index.ts: ${crossing.filter(({ target }) => isPublicEntry(target)).length})`,
        `feature pairs importing each other: ${mutualPairs.length}`,
        ...mutualPairs.map((pair) => `  ${pair}`),
      ].join('\n'),
    );
    expect(imports.length).toBeGreaterThan(0);
  });

  it('reaches another feature only through its index.ts or a lazy route import', () => {
    expect(boundaryViolations(imports)).toEqual([]);
  });

  it('names an import that reaches into another feature, and lets the public entry and lazy routes through', () => {
    const checked = (file: string, target: string, dynamic = false) => boundaryViolations([{ file, target, dynamic }]);
    expect(checked('features/tasks/task-page.tsx', 'features/visits/visit-card.tsx')).toEqual([
      'features/tasks/task-page.tsx imports features/visits/visit-card.tsx (use features/visits/index.ts)',
    ]);
    expect(checked('components/page.tsx', 'features/visits/visit-card.tsx')).toHaveLength(1);
    expect(checked('router.tsx', 'features/visits/visits-page.tsx')).toHaveLength(1);
    expect(checked('router.tsx', 'features/visits/visits-page.tsx', true)).toEqual([]);
    expect(checked('features/tasks/task-page.tsx', 'features/visits/index.ts')).toEqual([]);
    expect(checked('features/visits/visits-page.tsx', 'features/visits/visit-card.tsx')).toEqual([]);
  });

  it('keeps each index.ts a re-export-only public entry', () => {
    const entries = readdirSync(FEATURES_DIR)
      .map((feature) => path.join(FEATURES_DIR, feature, 'index.ts'))
      .filter((entry) => existsSync(entry));
    const notReExports = entries.flatMap((entry) => {
      const source = ts.createSourceFile(entry, readFileSync(entry, 'utf8'), ts.ScriptTarget.Latest);
      return source.statements
        .filter((statement) => !(ts.isExportDeclaration(statement) && statement.moduleSpecifier))
        .map((statement) => `${path.relative(SOURCE_DIR, entry)}: ${statement.getText(source).split('\n')[0]}`);
    });
    expect(entries.length).toBeGreaterThan(0);
    expect(notReExports).toEqual([]);
  });
});
