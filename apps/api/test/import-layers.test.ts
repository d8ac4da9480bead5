// The API's layers read top-down. Reads every import of apps/api/src (type imports too) and checks:
//   - every import points to the importer's own layer or a lower one (LAYERS), never up;
//   - no file imports itself back through a chain (no import cycle);
//   - between folders (each modules/<domain>, trpc, session, lib, plugins...) no cycle either, once the
//     composition roots are set aside: app.ts, server.ts and router.ts import every module by design.
// In particular the session check (session/: access tokens, revocations, roles) sits below both trpc/ (the
// procedures need the session) and modules/auth (whose router needs the procedures): neither points back.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const COMPOSITION_ROOTS = new Set(['app.ts', 'server.ts', 'router.ts']);

/**
 * The layers, lowest first, by a file's first path segment under src/. A file may import its own layer and
 * those below. Infrastructure sits under the domains; the assembly on top puts the app together.
 */
const LAYERS: { name: string; holds: string[] }[] = [
  // What the app is built from: every layer takes `deps` (AppDeps) and the config type.
  { name: 'config', holds: ['env.ts', 'deps.ts'] },
  { name: 'lib', holds: ['lib'] },
  { name: 'session', holds: ['session'] },
  // The transports' building blocks: REST guards and cookies, tRPC procedures, operation definitions.
  { name: 'transport', holds: ['http', 'trpc', 'operations'] },
  { name: 'modules', holds: ['modules'] },
  // Assembly: the app, the router, the job runner, the operation registry, process entries and app-wide plugins.
  { name: 'assembly', holds: ['app.ts', 'router.ts', 'server.ts', 'jobs.ts', 'registry.ts', 'rest-only.ts', 'plugins', 'cli'] },
];

/** Index in LAYERS of a path relative to src/ (-1: no layer holds it). */
const layerOf = (file: string) => LAYERS.findIndex((layer) => layer.holds.includes(file.split(path.sep)[0]!));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(SRC, full)] : [];
  });
}

/** Relative imports and re-exports of each file (static and dynamic), as paths relative to src/. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(path.join(SRC, file), 'utf8');
    const targets = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g)].map(
      (match) => path.normalize(path.join(path.dirname(file), match[1] ?? match[2]!)),
    );
    graph.set(file, targets);
  }
  return graph;
}

/** The folder a file belongs to for layering: modules/<domain>, or the first folder, or the file itself. */
const folderOf = (file: string) => {
  const parts = file.split(path.sep);
  if (parts[0] === 'modules') return parts.slice(0, 2).join('/');
  return parts.length > 1 ? parts[0]! : file;
};

function findCycles(graph: Map<string, Iterable<string>>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const cycles: string[][] = [];
  const visit = (node: string, stack: string[]) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next, stack);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node, []);
  return cycles;
}

describe('import layers of the API', () => {
  const graph = importGraph();

  it('reads the imports of every source file', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get(path.normalize('trpc/init.ts'))).toContain(path.normalize('session/roles.ts'));
  });

  it('puts every source file in a layer', () => {
    expect([...graph.keys()].filter((file) => layerOf(file) < 0)).toEqual([]);
  });

  it('imports only sideways or down the layers (lib, session, http/trpc/operations, modules, assembly)', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        if (target.startsWith('..') || layerOf(target) <= layerOf(file)) continue;
        upward.push(`${file} (${LAYERS[layerOf(file)]?.name}) imports ${target} (${LAYERS[layerOf(target)]?.name})`);
      }
    }
    console.log(`import layers: ${upward.length} upward import(s)${upward.map((line) => `\n  ${line}`).join('')}`);
    expect(upward).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('has no cycle between folders outside the composition roots (modules/auth ↔ trpc included)', () => {
    const folders = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      if (COMPOSITION_ROOTS.has(file.split(path.sep).join('/'))) continue;
      const from = folderOf(file);
      const edges = folders.get(from) ?? folders.set(from, new Set()).get(from)!;
      for (const target of targets)
        if (folderOf(target) !== from && !COMPOSITION_ROOTS.has(target.split(path.sep).join('/'))) edges.add(folderOf(target));
    }
    expect(findCycles(folders).map((cycle) => cycle.join(' → '))).toEqual([]);
    // The session check is below both transports: it imports neither trpc/ nor any module.
    expect([...(folders.get('session') ?? [])].filter((folder) => folder === 'trpc' || folder.startsWith('modules/'))).toEqual([]);
  });
});
