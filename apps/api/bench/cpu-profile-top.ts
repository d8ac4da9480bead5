// Reads a V8 .cpuprofile (node --cpu-prof, e.g. `bench/visits-list.ts --cpu-prof <dir>`) and prints where
// the time went: the top functions by self time, and self time summed per package (node_modules/<name>,
// node:internal, our own source), as a share of the busy (non-idle) time; then the inclusive time (self plus
// everything it called) of the functions whose names are given.
// `--skip-ms N` leaves out the first N ms (start-up, dataset loading: mixed-workload.ts prints N).
//   cd apps/api && pnpm exec tsx bench/cpu-profile-top.ts [--skip-ms N] <file.cpuprofile> [top=40] [functionName ...]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const skipAt = args.indexOf('--skip-ms');
const skipMs = skipAt >= 0 ? Number(args.splice(skipAt, 2)[1]) : 0;
const [file, topArg, ...inclusiveNames] = args;
if (!file) throw new Error('usage: cpu-profile-top.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

// Self time per node: each sample's delta belongs to the node that was on top of the stack.
const selfUs = new Map<number, number>();
let elapsedUs = 0;
profile.samples.forEach((id, index) => {
  elapsedUs += profile.timeDeltas[index] ?? 0;
  if (elapsedUs >= skipMs * 1000) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

function packageOf(url: string): string {
  if (!url) return '(native/vm)';
  if (url.startsWith('node:')) return 'node:internal';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scopeOrName, name] = url.slice(modules + '/node_modules/'.length).split('/');
    return scopeOrName!.startsWith('@') ? `${scopeOrName}/${name}` : scopeOrName!;
  }
  const repo = url.indexOf('/work/main/');
  return repo >= 0
    ? url
        .slice(repo + '/work/main/'.length)
        .split('/')
        .slice(0, 3)
        .join('/')
    : url;
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
let busy = 0;
let idle = 0;
for (const node of profile.nodes) {
  const us = selfUs.get(node.id) ?? 0;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)' || functionName === '(program)') {
    idle += functionName === '(idle)' ? us : 0;
    if (functionName === '(idle)') continue;
  }
  busy += us;
  const key = `${functionName || '(anonymous)'}  ${url.replace(/^.*\/node_modules\//, '~/')}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const pkg = functionName === '(garbage collector)' ? '(garbage collector)' : functionName === '(program)' ? '(program)' : packageOf(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}

const share = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms`;
console.log(`busy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms`);
console.log('\nself time per package');
for (const [name, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${share(us)}  ${name}`);
console.log(`\ntop ${top} functions by self time`);
for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${share(us)}  ${name}`);

if (inclusiveNames.length > 0) {
  // Inclusive time: a sample counts for a function when the function is anywhere on its stack (once).
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const inclusive = new Map<string, number>(inclusiveNames.map((name) => [name, 0]));
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nodes.get(at)!.callFrame.functionName;
      if (inclusive.has(name) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, inclusive.get(name)! + us);
      }
    }
  }
  console.log('\ninclusive time');
  for (const [name, us] of inclusive) console.log(`${share(us)}  ${name}`);
}
