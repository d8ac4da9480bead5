// What a server process's memory is made of, asked from outside: preload this file
// (NODE_OPTIONS=--import=<this file>, plain JavaScript so the compiled server can load it too), then send
// the process SIGUSR2; it appends one JSON line to $MEMORY_PROBE_OUT:
//   usage   process.memoryUsage() in MB (rss, heapTotal, heapUsed, external, arrayBuffers)
//   spaces  V8 heap spaces, used MB (new_space: the young generation; old_space; code_space; ...)
//   status  /proc/self/status: VmRSS, VmHWM, RssAnon (heaps: V8, malloc), RssFile (mapped code and files)
//   files   resident MB per mapped file (libnode, native addons such as Typst's or sharp's) and per anonymous kind
//   peak    the highest RSS seen since the previous report (sampled every 20 ms) and the heap at that moment
// Used by bench/server-memory.ts and bench/reports.ts.
import { appendFileSync, readFileSync } from 'node:fs';
import v8 from 'node:v8';

const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;

/** Resident memory per mapping name: a file (shortened to its package), [heap], [stack], or [anon]. */
function residentByMapping() {
  const totals = new Map();
  let current = '[anon]';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const name = mapping[1] || '[anon]';
      current = name.startsWith('/') ? name.replace(/^.*node_modules\/(\.pnpm\/)?/, '').replace(/\/node_modules\/.*\//, ' … ') : name;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) totals.set(current, (totals.get(current) ?? 0) + Number(rss[1]) * 1024);
  }
  return Object.fromEntries(
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .filter(([, bytes]) => bytes >= 1048576)
      .map(([name, bytes]) => [name, mb(bytes)]),
  );
}

/** The sample with the highest RSS since the last report (every 20 ms): what the peak was made of. */
let peak = null;
const sample = () => {
  const usage = process.memoryUsage();
  if (!peak || usage.rss > peak.rss) {
    const spaces = v8.getHeapSpaceStatistics();
    const committed = (name) => spaces.find((space) => space.space_name === name)?.physical_space_size ?? 0;
    peak = { ...usage, newSpace: committed('new_space'), oldSpace: committed('old_space'), largeObjects: committed('large_object_space') };
  }
};
setInterval(sample, 20).unref();

process.on('SIGUSR2', () => {
  sample();
  const status = readFileSync('/proc/self/status', 'utf8');
  const record = {
    label: process.env.MEMORY_PROBE_LABEL ?? '',
    usage: Object.fromEntries(Object.entries(process.memoryUsage()).map(([key, bytes]) => [key, mb(bytes)])),
    spaces: Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.space_used_size)])),
    committed: Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, mb(space.physical_space_size)])),
    status: Object.fromEntries(
      status
        .split('\n')
        .filter((line) => /^(VmRSS|VmHWM|RssAnon|RssFile|RssShmem|Threads)/.test(line))
        .map((line) => line.split(/:\s+/)),
    ),
    files: residentByMapping(),
    peak: Object.fromEntries(Object.entries(peak).map(([key, bytes]) => [key, mb(bytes)])),
  };
  peak = null;
  appendFileSync(process.env.MEMORY_PROBE_OUT ?? 'memory-probe.jsonl', JSON.stringify(record) + '\n');
});
