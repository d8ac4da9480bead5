// Media uploads against the real app on a throwaway embedded PostgreSQL (only ever 127.0.0.1).
// 1. A 50 MB MP4 streamed from disk to POST /backend/media/upload, several rounds: throughput, and the
//    process's RSS sampled every 5 ms (baseline before, peak during). Streamed end to end, RSS must not
//    grow by anything near the file size (the load generator streams from disk too, in this process).
// 2. Photos: time to make the display version and the thumbnail of a 12-megapixel phone-like JPEG
//    (storeImageVersions, as uploads do), and one photo's whole upload through HTTP.
// Run: cd apps/api && pnpm exec tsx bench/media-upload.ts [rounds=3] [videoMB=50]
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { createDb, createLocalStorage, ensureMerchant, storeImageVersions } from '@garage/db';
import { startEmbeddedPostgres } from '@garage/db/embedded';
import { migrateDatabase } from '@garage/db/migrate';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { signAccessToken } from '../src/session/session.ts';

const rounds = Math.min(Number(process.argv[2] ?? 3), 10);
const videoMB = Math.min(Number(process.argv[3] ?? 50), 190);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const MB = 1024 * 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rssMB = () => process.memoryUsage.rss() / MB;

/** An MP4 (ftyp, moov, mdat) of about `megabytes`, written in 1 MB chunks of pseudo-random bytes. */
async function writeVideo(file: string, megabytes: number) {
  const box = (name: string, size: number) => {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(size, 0);
    header.write(name, 4, 'latin1');
    return header;
  };
  const ftypBody = Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1');
  const moovBody = Buffer.concat([box('mvhd', 108), Buffer.alloc(100)]);
  const payload = megabytes * MB - 8 - ftypBody.length - 8 - moovBody.length - 8;
  let seed = 1;
  const chunk = () => {
    const bytes = Buffer.alloc(MB);
    for (let i = 0; i < bytes.length; i += 4) bytes.writeUInt32LE((seed = (seed * 1664525 + 1013904223) >>> 0), i);
    return bytes;
  };
  async function* parts() {
    yield Buffer.concat([box('ftyp', 8 + ftypBody.length), ftypBody, box('moov', 8 + moovBody.length), moovBody, box('mdat', 8 + payload)]);
    for (let left = payload; left > 0; left -= MB) yield left >= MB ? chunk() : chunk().subarray(0, left);
  }
  await pipeline(Readable.from(parts()), createWriteStream(file));
}

/** POSTs `file` as one multipart part, streamed from disk; resolves with status and elapsed ms. */
function upload(url: URL, token: string, file: string, name: string, type: string): Promise<{ status: number; ms: number; body: string }> {
  return new Promise((resolve, reject) => {
    void stat(file).then(({ size }) => {
      const boundary = `----bench${Date.now()}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const started = performance.now();
      const request = http.request(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.on('data', (data: Buffer) => (body += data.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, body }));
      });
      request.on('error', reject);
      request.write(head);
      const source = createReadStream(file);
      source.pipe(request, { end: false });
      source.on('end', () => request.end(tail));
    }, reject);
  });
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'garage-bench-media-'));
await chmod(dir, 0o755);
const cluster = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), persistent: false });
let exitCode = 0;
try {
  await migrateDatabase(cluster.url);
  const db = createDb(cluster.url);
  await ensureMerchant(db);
  const staff = await db.user.create({ data: { username: 'bench_staff', firstName: 'Bench', lastName: 'Staff', role: 'EMPLOYEE' } });
  const customer = await db.user.create({ data: { username: 'bench_customer', firstName: 'Bench', lastName: 'Customer', role: 'CLIENT' } });
  const vehicle = await db.vehicle.create({
    data: {
      ownerId: customer.id,
      type: 'CAR',
      plateNumber: 'BENCH1',
      plateNormalized: 'BENCH1',
      color: 'Red',
      brand: 'Toyota',
      model: 'Corolla',
      year: 2020,
      engineType: 'Petrol',
    },
  });
  const token = signAccessToken({ userId: staff.id, roles: ['EMPLOYEE'] }, SECRET);
  const storage = createLocalStorage(path.join(dir, 'storage'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir, DATABASE_URL: cluster.url, HOST: '127.0.0.1' });
  const app = await buildApp({ config, db, storage, jwtSecret: SECRET }, { logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const target = (section: string) =>
    new URL(`${address}/backend/media/upload?ownerId=${customer.id}&vehicleId=${vehicle.id}&section=${section}`);

  console.log(
    `machine: ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}, Node ${process.version}`,
  );

  // 1. The video.
  const video = path.join(dir, 'video.mp4');
  await writeVideo(video, videoMB);
  const size = (await stat(video)).size;
  console.log(`\nvideo: ${(size / MB).toFixed(1)} MB MP4, ${rounds} rounds, POST ${target('inspection').pathname}`);
  const throughputs: number[] = [];
  const growths: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const baseline = rssMB();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMB())), 5);
    const result = await upload(target('inspection'), token, video, 'noise.mp4', 'video/mp4');
    clearInterval(sampler);
    peak = Math.max(peak, rssMB());
    if (result.status !== 201) throw new Error(`upload answered ${result.status}: ${result.body}`);
    const mbps = size / MB / (result.ms / 1000);
    throughputs.push(mbps);
    growths.push(peak - baseline);
    console.log(
      `  round ${round}: ${result.ms.toFixed(0)} ms, ${mbps.toFixed(0)} MB/s; RSS baseline ${baseline.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, growth ${(peak - baseline).toFixed(1)} MB`,
    );
  }
  console.log(
    `  median: ${median(throughputs).toFixed(0)} MB/s, RSS growth ${median(growths).toFixed(1)} MB (max ${Math.max(...growths).toFixed(1)} MB) for a ${(size / MB).toFixed(0)} MB file`,
  );

  // 2. Photos.
  const photo = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
  const photoFile = path.join(dir, 'photo.jpg');
  await writeFile(photoFile, photo);
  console.log(`\nphoto: 4000x3000 JPEG, ${(photo.length / MB).toFixed(1)} MB; display version (<= 2560 px) + 480 px WebP thumbnail`);
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await storeImageVersions(storage, Readable.from([photo]), 'bench', 'jpg');
    times.push(performance.now() - started);
  }
  console.log(`  versions per photo: median ${median(times).toFixed(0)} ms (runs: ${times.map((t) => t.toFixed(0)).join(', ')} ms)`);
  const whole: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const result = await upload(target('before'), token, photoFile, `photo-${i}.jpg`, 'image/jpeg');
    if (result.status !== 201) throw new Error(`photo upload answered ${result.status}: ${result.body}`);
    whole.push(result.ms);
  }
  console.log(`  whole upload of one photo over HTTP (stream, sniff, versions, row): median ${median(whole).toFixed(0)} ms`);

  await app.close();
  await db.$disconnect();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cluster.stop();
  await rm(dir, { recursive: true, force: true });
}
process.exit(exitCode);
