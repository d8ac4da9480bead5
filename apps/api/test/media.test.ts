import { readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MEDIA_MESSAGES } from '@garage/shared';
import type { App } from '../src/app.ts';
import { buildTestApp, createTestUser, testDb, testDeps } from './helpers.ts';
import { cfb, docx, exe, jpegWithGps, mp4, multipart, pdf, plainZip, png, webm, webp, type Part } from './media-fixtures.ts';
import { createContextInner } from '../src/trpc/context.ts';
import { createCaller } from '../src/router.ts';
import { createCustomer, createVehicle, insertVisit } from './visits-fixtures.ts';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;
type Customer = Awaited<ReturnType<typeof createCustomer>>;

const TYPE_MESSAGE = 'File must be one of: JPEG, PNG, WebP, MP4, WebM, MOV, PDF, DOC, DOCX';
const storageDir = testDeps().config.storageDir;

/** Every stored file (temporary and final) under the test's storage folder. */
function storedFiles(): string[] {
  const walk = (dir: string): string[] => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return [];
    }
    return entries.flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  };
  return walk(storageDir);
}

describe('media library', () => {
  let app: App;
  let staff: TestUser;
  let alice: Customer & { token: string; auth: { authorization: string }; visitId: string };
  let bob: Customer & { auth: { authorization: string } };

  beforeAll(async () => {
    app = await buildTestApp();
    staff = await createTestUser('EMPLOYEE');
    const a = await createCustomer({ firstName: 'Alice' });
    const b = await createCustomer({ firstName: 'Bob' });
    const { signAccessToken } = await import('../src/session/session.ts');
    const { TEST_JWT_SECRET } = await import('./helpers.ts');
    const tokenA = signAccessToken({ userId: a.customer.id, roles: ['CLIENT'] }, TEST_JWT_SECRET);
    const tokenB = signAccessToken({ userId: b.customer.id, roles: ['CLIENT'] }, TEST_JWT_SECRET);
    const visitId = await insertVisit({ customerId: a.customer.id, vehicleId: a.vehicle.id }, { dueInDays: 3 });
    alice = { ...a, token: tokenA, auth: { authorization: `Bearer ${tokenA}` }, visitId };
    bob = { ...b, auth: { authorization: `Bearer ${tokenB}` } };
  });
  afterAll(() => app.close());

  const upload = (parts: Part[], query: Record<string, string>, actor: { authorization: string } | null = staff.authHeader) => {
    const body = multipart(parts);
    return app.inject({
      method: 'POST',
      url: `/backend/media/upload?${new URLSearchParams(query)}`,
      headers: { ...body.headers, ...(actor ?? {}) },
      payload: body.payload,
    });
  };
  const toAlice = (extra: Record<string, string> = {}) => ({ ownerId: alice.customer.id, section: 'inspection', ...extra });
  const rowsOf = (ownerId: string) => testDb().mediaFile.count({ where: { ownerId } });

  describe('accepts each type by its content', () => {
    const cases: Array<[string, () => Part | Promise<Part>, string, string]> = [
      [
        'JPEG (claimed as octet-stream)',
        async () => ({ filename: 'damage', contentType: 'application/octet-stream', bytes: await jpegWithGps() }),
        'image/jpeg',
        'IMAGE',
      ],
      ['PNG', async () => ({ filename: 'scan.png', contentType: 'image/png', bytes: await png() }), 'image/png', 'IMAGE'],
      ['WebP', async () => ({ filename: 'photo.webp', contentType: 'image/webp', bytes: await webp() }), 'image/webp', 'IMAGE'],
      ['MP4', () => ({ filename: 'noise.mp4', contentType: 'video/mp4', bytes: mp4() }), 'video/mp4', 'VIDEO'],
      [
        'MOV (iPhone)',
        () => ({ filename: 'IMG_0001.MOV', contentType: 'video/quicktime', bytes: mp4(4096, 'qt  ') }),
        'video/quicktime',
        'VIDEO',
      ],
      ['WebM', () => ({ filename: 'clip.webm', contentType: 'video/webm', bytes: webm() }), 'video/webm', 'VIDEO'],
      ['PDF', () => ({ filename: 'invoice.pdf', contentType: 'application/pdf', bytes: pdf() }), 'application/pdf', 'DOCUMENT'],
      [
        'DOCX',
        async () => ({ filename: 'report.docx', contentType: 'application/zip', bytes: await docx() }),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'DOCUMENT',
      ],
      ['DOC', () => ({ filename: 'old.doc', contentType: 'application/msword', bytes: cfb() }), 'application/msword', 'DOCUMENT'],
    ];
    it.each(cases)('%s', async (_label, make, mimeType, type) => {
      const part = await make();
      const response = await upload([part], toAlice({ vehicleId: alice.vehicle.id, visitId: alice.visitId }));
      expect(response.statusCode, response.body).toBe(201);
      const [file] = response.json().files;
      expect(file).toMatchObject({
        mimeType,
        type,
        ownerId: alice.customer.id,
        vehicleId: alice.vehicle.id,
        visitId: alice.visitId,
        section: 'inspection',
      });
      const row = await testDb().mediaFile.findUniqueOrThrow({ where: { id: file.id } });
      expect(row.storageKey).toMatch(/^media\/[0-9a-f-]{36}\.[a-z0-9]+$/);
      const served = await app.inject({ method: 'GET', url: file.url, headers: staff.authHeader });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mimeType);
      expect(Number(served.headers['content-length'])).toBe(row.sizeBytes);
      if (type !== 'IMAGE') expect(served.rawPayload.equals(part.bytes)).toBe(true);
    });
  });

  it('serves photos without EXIF (no GPS), upright at display size, with a small WebP thumbnail', async () => {
    const response = await upload([{ filename: 'gps.jpg', contentType: 'image/jpeg', bytes: await jpegWithGps() }], toAlice());
    const [file] = response.json().files;
    const original = await sharp(await jpegWithGps()).metadata();
    expect(original.exif).toBeDefined();
    const served = await app.inject({ method: 'GET', url: file.url, headers: staff.authHeader });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1200, 900]);
    const thumb = await app.inject({ method: 'GET', url: file.thumbnailUrl, headers: staff.authHeader });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(thumbMeta.format).toBe('webp');
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBe(480);
    expect(thumbMeta.exif).toBeUndefined();
  });

  describe('refuses, and stores nothing', () => {
    const refusals: Array<[string, () => Promise<Part[]> | Part[], number, string]> = [
      ['a renamed executable', () => [{ filename: 'invoice.pdf', contentType: 'application/pdf', bytes: exe() }], 400, TYPE_MESSAGE],
      [
        'an HTML page named .png',
        () => [
          { filename: 'photo.png', contentType: 'image/png', bytes: Buffer.from('<!doctype html><script>alert(document.cookie)</script>') },
        ],
        400,
        TYPE_MESSAGE,
      ],
      [
        'an SVG with a script',
        () => [
          {
            filename: 'logo.svg',
            contentType: 'image/svg+xml',
            bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>'),
          },
        ],
        400,
        TYPE_MESSAGE,
      ],
      [
        'a truncated JPEG',
        async () => {
          const full = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#884422' } })
            .jpeg()
            .toBuffer();
          return [{ filename: 'cut.jpg', contentType: 'image/jpeg', bytes: full.subarray(0, Math.floor(full.length / 2)) }];
        },
        400,
        'The file could not be read: it is damaged or incomplete',
      ],
      [
        'a truncated MP4',
        () => [{ filename: 'cut.mp4', contentType: 'video/mp4', bytes: mp4().subarray(0, 30_000) }],
        400,
        'The file could not be read: it is damaged or incomplete',
      ],
      [
        'a zip that is not a Word file',
        async () => [
          {
            filename: 'report.docx',
            contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
            bytes: await plainZip(),
          },
        ],
        400,
        TYPE_MESSAGE,
      ],
      [
        'an OLE file that is not a Word file',
        () => [{ filename: 'sheet.doc', contentType: 'application/msword', bytes: cfb(false) }],
        400,
        TYPE_MESSAGE,
      ],
      ['an empty file', () => [{ filename: 'empty.jpg', contentType: 'image/jpeg', bytes: Buffer.alloc(0) }], 400, TYPE_MESSAGE],
      [
        'a HEIC photo, with a clear message',
        () => [
          {
            filename: 'IMG_1.HEIC',
            contentType: 'image/heic',
            bytes: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(200)]),
          },
        ],
        400,
        'HEIC photos are not supported',
      ],
      [
        'a good file sent with a bad one (all or nothing)',
        async () => [
          { filename: 'ok.png', contentType: 'image/png', bytes: await png() },
          { filename: 'pdf.pdf', contentType: 'application/pdf', bytes: pdf() },
          { filename: 'tool.exe', contentType: 'image/png', bytes: exe() },
        ],
        400,
        TYPE_MESSAGE,
      ],
      [
        'an image over its size limit (20 MB)',
        () => [
          {
            filename: 'huge.jpg',
            contentType: 'image/jpeg',
            bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20 * 1024 * 1024, 1)]),
          },
        ],
        413,
        'File size must not exceed 20MB',
      ],
    ];
    it.each(refusals)('%s', async (_label, make, status, message) => {
      const [rowsBefore, filesBefore] = [await rowsOf(alice.customer.id), storedFiles().length];
      const response = await upload(await make(), toAlice());
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toContain(message);
      expect(await rowsOf(alice.customer.id)).toBe(rowsBefore);
      expect(storedFiles().length).toBe(filesBefore);
    });

    it('a client that hangs up mid-upload', async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as net.AddressInfo).port;
      const [rowsBefore, filesBefore] = [await rowsOf(alice.customer.id), storedFiles().length];
      const video = mp4(2 * 1024 * 1024);
      const body = multipart([{ filename: 'big.mp4', contentType: 'video/mp4', bytes: video }]);
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        `POST /backend/media/upload?${new URLSearchParams(toAlice())} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${staff.authHeader.authorization}\r\n` +
          `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
      );
      socket.write(body.payload.subarray(0, 1024 * 1024));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(storedFiles().some((file) => file.includes(`${path.sep}tmp${path.sep}`))).toBe(true); // it was streaming to a temporary key
      socket.destroy();
      await expect.poll(() => storedFiles().length, { timeout: 5000 }).toBe(filesBefore);
      expect(await rowsOf(alice.customer.id)).toBe(rowsBefore);
    });
  });

  it('answers an oversize upload over a real connection promptly (413), without reading the rest', async () => {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    const filesBefore = storedFiles().length;
    const body = multipart([
      {
        filename: 'huge.jpg',
        contentType: 'image/jpeg',
        bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60 * 1024 * 1024, 1)]),
      },
    ]);
    const http = await import('node:http');
    const started = Date.now();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/backend/media/upload?${new URLSearchParams(toAlice())}`,
          headers: { ...body.headers, ...staff.authHeader, 'content-length': body.payload.length },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.end(body.payload);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe('File size must not exceed 20MB');
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect.poll(() => storedFiles().length).toBe(filesBefore);
  });

  it('neutralises a path-traversal name: the key never comes from the name', async () => {
    const response = await upload(
      [{ filename: '../../../../etc/cron.d/evil.png', contentType: 'image/png', bytes: await png() }],
      toAlice(),
    );
    expect(response.statusCode).toBe(201);
    const [file] = response.json().files;
    expect(file.name).toBe('evil.png');
    const row = await testDb().mediaFile.findUniqueOrThrow({ where: { id: file.id } });
    expect(row.storageKey).toMatch(/^media\/[0-9a-f-]{36}\.png$/);
    expect(storedFiles().every((stored) => stored.startsWith(storageDir + path.sep))).toBe(true);
    const served = await app.inject({ method: 'GET', url: `${file.url}?download=1`, headers: staff.authHeader });
    expect(served.headers['content-disposition']).toBe(`attachment; filename="evil.png"; filename*=UTF-8''evil.png`);
  });

  it('adds the extension of the real type to a misleading name', async () => {
    const response = await upload(
      [{ filename: 'setup.exe', contentType: 'application/octet-stream', bytes: pdf() }],
      toAlice({ section: 'invoice' }),
    );
    expect(response.json().files[0].name).toBe('setup.exe.pdf');
  });

  it('refuses a vehicle or visit of another customer before reading the files', async () => {
    const foreignVehicle = await upload(
      [{ filename: 'a.png', contentType: 'image/png', bytes: await png() }],
      toAlice({ vehicleId: bob.vehicle.id }),
    );
    expect(foreignVehicle.statusCode).toBe(400);
    const bobVisit = await insertVisit({ customerId: bob.customer.id, vehicleId: bob.vehicle.id }, { dueInDays: 1 });
    const foreignVisit = await upload(
      [{ filename: 'a.png', contentType: 'image/png', bytes: await png() }],
      toAlice({ visitId: bobVisit }),
    );
    expect(foreignVisit.statusCode).toBe(400);
    expect(foreignVisit.json().message).toBe('This visit does not belong to this customer and vehicle');
    const missing = await upload(
      [{ filename: 'a.png', contentType: 'image/png', bytes: await png() }],
      toAlice({ visitId: '01900000-0000-7000-8000-000000000000' }),
    );
    expect(missing.statusCode).toBe(404);
    const noSection = await upload([{ filename: 'a.png', contentType: 'image/png', bytes: await png() }], { ownerId: alice.customer.id });
    expect(noSection.statusCode).toBe(400);
  });

  describe('serving', () => {
    let video: { id: string; url: string };
    let word: { url: string };
    let photo: { url: string };
    beforeAll(async () => {
      video = (await upload([{ filename: 'noise.mp4', contentType: 'video/mp4', bytes: mp4(64 * 1024) }], toAlice())).json().files[0];
      word = (
        await upload(
          [{ filename: 'quote.docx', contentType: 'application/octet-stream', bytes: await docx() }],
          toAlice({ section: 'documents' }),
        )
      ).json().files[0];
      photo = (await upload([{ filename: 'p.png', contentType: 'image/png', bytes: await png() }], toAlice())).json().files[0];
    });

    it('answers byte ranges of a video (206) so players can seek', async () => {
      const whole = mp4(64 * 1024);
      const full = await app.inject({ method: 'GET', url: video.url, headers: staff.authHeader });
      expect(full.statusCode).toBe(200);
      expect(full.headers['accept-ranges']).toBe('bytes');
      expect(full.headers['content-encoding']).toBeUndefined();

      const part = await app.inject({ method: 'GET', url: video.url, headers: { ...staff.authHeader, range: 'bytes=1000-1999' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 1000-1999/${whole.length}`);
      expect(part.headers['content-length']).toBe('1000');
      expect(part.rawPayload.equals(whole.subarray(1000, 2000))).toBe(true);

      const open = await app.inject({
        method: 'GET',
        url: video.url,
        headers: { ...staff.authHeader, range: `bytes=${whole.length - 10}-` },
      });
      expect(open.statusCode).toBe(206);
      expect(open.rawPayload.equals(whole.subarray(whole.length - 10))).toBe(true);
      const whole206 = await app.inject({ method: 'GET', url: video.url, headers: { ...staff.authHeader, range: 'bytes=0-' } });
      expect(whole206.statusCode).toBe(206);
      expect(whole206.headers['content-range']).toBe(`bytes 0-${whole.length - 1}/${whole.length}`);
      expect(whole206.rawPayload.equals(whole)).toBe(true);
      const suffix = await app.inject({ method: 'GET', url: video.url, headers: { ...staff.authHeader, range: 'bytes=-5' } });
      expect(suffix.rawPayload.equals(whole.subarray(whole.length - 5))).toBe(true);

      const beyond = await app.inject({ method: 'GET', url: video.url, headers: { ...staff.authHeader, range: `bytes=${whole.length}-` } });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);
    });

    it('sends safe headers: sniffed type, nosniff, inline only for media and PDF, a sandbox CSP', async () => {
      const image = await app.inject({ method: 'GET', url: photo.url, headers: staff.authHeader });
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.headers['content-disposition']).toMatch(/^inline; filename="p.png"/);
      expect(image.headers['content-security-policy']).toContain('sandbox');
      expect(image.headers['content-security-policy']).toContain("default-src 'none'");
      expect(image.headers['cache-control']).toBe('private, no-cache');
      const doc = await app.inject({ method: 'GET', url: word.url, headers: staff.authHeader });
      expect(doc.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(doc.headers['content-disposition']).toMatch(/^attachment; filename="quote.docx"/);
      const revalidated = await app.inject({
        method: 'GET',
        url: photo.url,
        headers: { ...staff.authHeader, 'if-none-match': String(image.headers.etag) },
      });
      expect(revalidated.statusCode).toBe(304);
    });

    it('authorises every request: owner yes, another client 404 like a missing file, anonymous 401', async () => {
      expect((await app.inject({ method: 'GET', url: photo.url, headers: alice.auth })).statusCode).toBe(200);
      const foreign = await app.inject({ method: 'GET', url: photo.url, headers: bob.auth });
      const missing = await app.inject({
        method: 'GET',
        url: '/backend/media/01900000-0000-7000-8000-000000000000/file',
        headers: bob.auth,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
      expect((await app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(401);
      // A cookie session works for <img> and <video> tags.
      expect((await app.inject({ method: 'GET', url: photo.url, cookies: { accessToken: alice.token } })).statusCode).toBe(200);
    });
  });

  it('keeps the staff upload (any customer) for staff: a client is refused (403), anonymous 401, before any byte is read', async () => {
    const part = [{ filename: 'a.png', contentType: 'image/png', bytes: await png() }];
    expect((await upload(part, toAlice(), alice.auth)).statusCode).toBe(403);
    expect((await upload(part, toAlice(), null)).statusCode).toBe(401);
  });

  describe('a client adds files to their own library and deletes the ones they added', () => {
    const myUpload = (parts: Part[], query: Record<string, string>, actor: { authorization: string } | null) => {
      const body = multipart(parts);
      return app.inject({
        method: 'POST',
        url: `/backend/my/media/upload?${new URLSearchParams(query)}`,
        headers: { ...body.headers, ...(actor ?? {}) },
        payload: body.payload,
      });
    };
    const remove = (id: string, actor: { authorization: string } | null) =>
      app.inject({ method: 'DELETE', url: `/backend/my/media/${id}`, headers: actor ?? {} });

    it('uploads to their own visit; staff see who added it; refused kinds are refused as for staff', async () => {
      const response = await myUpload(
        [{ filename: 'scratch.jpg', contentType: 'image/jpeg', bytes: await jpegWithGps() }],
        { vehicleId: alice.vehicle.id, visitId: alice.visitId, section: 'before' },
        alice.auth,
      );
      expect(response.statusCode, response.body).toBe(201);
      const [file] = response.json().files;
      expect(file).toMatchObject({
        ownerId: alice.customer.id,
        vehicleId: alice.vehicle.id,
        visitId: alice.visitId,
        section: 'before',
        type: 'IMAGE',
        uploadedById: alice.customer.id,
      });
      const staffView = await app.inject({ method: 'GET', url: `/backend/media/${file.id}`, headers: staff.authHeader });
      expect(staffView.json()).toMatchObject({ uploadedById: alice.customer.id, uploadedBy: { firstName: 'Alice' } });
      const served = await app.inject({ method: 'GET', url: file.url, headers: alice.auth });
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();

      const [rowsBefore, filesBefore] = [await rowsOf(alice.customer.id), storedFiles().length];
      const html = await myUpload(
        [{ filename: 'x.png', contentType: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') }],
        { section: 'documents' },
        alice.auth,
      );
      expect(html.statusCode).toBe(400);
      expect(html.json().message).toBe(TYPE_MESSAGE);
      expect([await rowsOf(alice.customer.id), storedFiles().length]).toEqual([rowsBefore, filesBefore]);
    });

    it("another customer's vehicle or visit answers like a missing one, and nothing is stored", async () => {
      const part = [{ filename: 'a.png', contentType: 'image/png', bytes: await png() }];
      const bobVisit = await insertVisit({ customerId: bob.customer.id, vehicleId: bob.vehicle.id }, { dueInDays: 1 });
      const [rowsBefore, filesBefore] = [await testDb().mediaFile.count(), storedFiles().length];
      const foreignVehicle = await myUpload(part, { vehicleId: bob.vehicle.id, section: 'before' }, alice.auth);
      const missingVehicle = await myUpload(part, { vehicleId: '01900000-0000-7000-8000-000000000000', section: 'before' }, alice.auth);
      expect(foreignVehicle.statusCode).toBe(404);
      expect(foreignVehicle.json()).toEqual(missingVehicle.json());
      const foreignVisit = await myUpload(part, { visitId: bobVisit, section: 'before' }, alice.auth);
      const missingVisit = await myUpload(part, { visitId: '01900000-0000-7000-8000-000000000000', section: 'before' }, alice.auth);
      expect(foreignVisit.statusCode).toBe(404);
      expect(foreignVisit.json()).toEqual(missingVisit.json());
      expect([await testDb().mediaFile.count(), storedFiles().length]).toEqual([rowsBefore, filesBefore]);
      expect((await myUpload(part, { section: 'before' }, null)).statusCode).toBe(401);
      expect((await myUpload(part, { section: 'before' }, staff.authHeader)).statusCode).toBe(403);
    });

    it("deletes their own upload (row and bytes); the garage's files are refused; another client's file is not found", async () => {
      const mine = (
        await myUpload([{ filename: 'mine.png', contentType: 'image/png', bytes: await png() }], { section: 'documents' }, alice.auth)
      ).json().files[0];
      const garage = (
        await upload([{ filename: 'garage.pdf', contentType: 'application/pdf', bytes: pdf() }], toAlice({ section: 'invoice' }))
      ).json().files[0];
      const bobs = (
        await myUpload([{ filename: 'bob.png', contentType: 'image/png', bytes: await png() }], { section: 'documents' }, bob.auth)
      ).json().files[0];

      const foreign = await remove(bobs.id, alice.auth);
      const missing = await remove('01900000-0000-7000-8000-000000000000', alice.auth);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
      expect(await testDb().mediaFile.count({ where: { id: bobs.id } })).toBe(1);

      const refused = await remove(garage.id, alice.auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only the files you added yourself can be deleted; ask the garage to remove this one');
      expect(await testDb().mediaFile.count({ where: { id: garage.id } })).toBe(1);

      expect((await remove(mine.id, null)).statusCode).toBe(401);
      expect((await remove(mine.id, staff.authHeader)).statusCode).toBe(403); // staff delete through /media/:id
      const filesBefore = storedFiles().length;
      const deleted = await remove(mine.id, alice.auth);
      expect(deleted.statusCode).toBe(200);
      expect(await testDb().mediaFile.count({ where: { id: mine.id } })).toBe(0);
      expect(storedFiles().length).toBe(filesBefore - 2); // display version and thumbnail
      expect((await app.inject({ method: 'GET', url: mine.url, headers: alice.auth })).statusCode).toBe(404);

      // tRPC says the same.
      const asAlice = createCaller(createContextInner(testDeps(), { userId: alice.customer.id, roles: ['CLIENT'] }));
      await expect(asAlice.myMedia.delete({ id: bobs.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(asAlice.myMedia.delete({ id: garage.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });

    it('a client whose own files fill their space is refused (413) and nothing is stored; the garage can still add theirs', async () => {
      const merchant = await testDb().merchant.findFirstOrThrow({ select: { id: true } });
      const quotaBytes = LIMITS.clientMediaQuotaMB * 1024 * 1024;
      // Stands for the files Bob already added (no bytes needed: the space counts rows' sizes).
      const filler = await testDb().mediaFile.create({
        data: {
          merchantId: merchant.id,
          name: 'big.mp4',
          type: 'VIDEO',
          mimeType: 'video/mp4',
          sizeBytes: quotaBytes - 100,
          storageKey: `media/filler-${Date.now()}.mp4`,
          section: 'documents',
          ownerId: bob.customer.id,
          uploadedById: bob.customer.id,
        },
      });
      try {
        const [rowsBefore, filesBefore] = [await rowsOf(bob.customer.id), storedFiles().length];
        const refused = await myUpload(
          [{ filename: 'more.png', contentType: 'image/png', bytes: await png() }],
          { section: 'documents' },
          bob.auth,
        );
        expect(refused.statusCode).toBe(413);
        expect(refused.json().message).toBe(MEDIA_MESSAGES.clientQuota);
        expect(refused.json().message).toContain(`${LIMITS.clientMediaQuotaMB} MB`);
        expect([await rowsOf(bob.customer.id), storedFiles().length]).toEqual([rowsBefore, filesBefore]);
        // The garage's uploads are its own records: they do not count against the client.
        expect(
          (
            await upload([{ filename: 'g.pdf', contentType: 'application/pdf', bytes: pdf() }], {
              ownerId: bob.customer.id,
              section: 'invoice',
            })
          ).statusCode,
        ).toBe(201);
      } finally {
        await testDb().mediaFile.delete({ where: { id: filler.id } });
      }
      // Space freed: the same upload goes through.
      expect(
        (await myUpload([{ filename: 'more.png', contentType: 'image/png', bytes: await png() }], { section: 'documents' }, bob.auth))
          .statusCode,
      ).toBe(201);
    });
  });

  describe('client quota under uploads at once', () => {
    const usage = async (userId: string) => Number((await testDb().mediaUsage.findUnique({ where: { userId } }))?.bytes ?? 0n);
    const stored = async (userId: string) =>
      (await testDb().mediaFile.aggregate({ where: { uploadedById: userId }, _sum: { sizeBytes: true } }))._sum.sizeBytes ?? 0;

    it('six uploads at once over a real connection never take the stored total past the quota; failures give their space back; deleting frees it', async () => {
      if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
      const carol = await createCustomer({ firstName: 'Carol' });
      const { signAccessToken } = await import('../src/session/session.ts');
      const { TEST_JWT_SECRET } = await import('./helpers.ts');
      const auth = { authorization: `Bearer ${signAccessToken({ userId: carol.customer.id, roles: ['CLIENT'] }, TEST_JWT_SECRET)}` };
      const quotaBytes = LIMITS.clientMediaQuotaMB * 1024 * 1024;
      const video = mp4(1024 * 1024);
      // Room for two and a half of these videos (stands for the files Carol already added).
      const merchant = await testDb().merchant.findFirstOrThrow({ select: { id: true } });
      await testDb().mediaFile.create({
        data: {
          merchantId: merchant.id,
          name: 'old.mp4',
          type: 'VIDEO',
          mimeType: 'video/mp4',
          sizeBytes: quotaBytes - Math.floor(2.5 * video.length),
          storageKey: `media/filler-carol-${Date.now()}.mp4`,
          section: 'documents',
          ownerId: carol.customer.id,
          uploadedById: carol.customer.id,
        },
      });
      expect(await usage(carol.customer.id)).toBe(await stored(carol.customer.id));

      const send = async (parts: Part[]) => {
        const body = multipart(parts);
        const response = await fetch(`${base}/backend/my/media/upload?section=documents`, {
          method: 'POST',
          headers: { ...body.headers, ...auth },
          body: body.payload,
        });
        return {
          status: response.status,
          json: (await response.json()) as { message?: string; files?: Array<{ id: string; sizeBytes: number }> },
        };
      };
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, index) => send([{ filename: `clip${index}.mp4`, contentType: 'video/mp4', bytes: video }])),
      );
      const kept = answers.filter((answer) => answer.status === 201);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(kept.length).toBeGreaterThanOrEqual(1);
      expect(kept.length).toBeLessThanOrEqual(2);
      for (const answer of refused) {
        expect(answer.status).toBe(413);
        expect(answer.json.message).toBe(MEDIA_MESSAGES.clientQuota);
      }
      expect(await stored(carol.customer.id)).toBeLessThanOrEqual(quotaBytes);
      // The refused uploads gave back what they had reserved: the counter is exactly the stored files.
      expect(await usage(carol.customer.id)).toBe(await stored(carol.customer.id));
      await expect
        .poll(() => storedFiles().filter((file) => file.startsWith(path.join(storageDir, 'tmp') + path.sep)).length, { timeout: 5000 })
        .toBe(0);

      // A file refused for its kind gives its reservation back too.
      const before = await usage(carol.customer.id);
      expect((await send([{ filename: 'x.exe', contentType: 'application/octet-stream', bytes: exe() }])).status).toBe(400);
      expect(await usage(carol.customer.id)).toBe(before);

      // A request that is not multipart, declaring a body, keeps nothing reserved either.
      const notMultipart = await fetch(`${base}/backend/my/media/upload?section=documents`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', ...auth },
        body: Buffer.alloc(1000),
      });
      expect(notMultipart.status).toBeGreaterThanOrEqual(400);
      expect(await usage(carol.customer.id)).toBe(before);

      // Deleting one of them frees its space: the same video fits again.
      const [first] = kept[0]!.json.files!;
      const deleted = await app.inject({ method: 'DELETE', url: `/backend/my/media/${first!.id}`, headers: auth });
      expect(deleted.statusCode).toBe(200);
      expect(await usage(carol.customer.id)).toBe(before - first!.sizeBytes);
      expect((await send([{ filename: 'again.mp4', contentType: 'video/mp4', bytes: video }])).status).toBe(201);
      expect(await usage(carol.customer.id)).toBe(await stored(carol.customer.id));
      expect(await stored(carol.customer.id)).toBeLessThanOrEqual(quotaBytes);
    });
  });

  it('strips bidirectional and other invisible controls from file names (upload and rename)', async () => {
    const uploaded = await upload(
      [{ filename: 'invoice\u202Egpj.exe', contentType: 'application/pdf', bytes: pdf() }],
      toAlice({ section: 'invoice' }),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [file] = uploaded.json().files;
    expect(file.name).toBe('invoicegpj.exe.pdf');
    const row = await testDb().mediaFile.findUniqueOrThrow({ where: { id: file.id } });
    expect(row.name).toBe('invoicegpj.exe.pdf');
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/backend/media/${file.id}`,
      headers: staff.authHeader,
      payload: { name: 'bill\u2066\u200F\u061Cfdp.exe\u2069' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('billfdp.exe.pdf');
    // A name stored before the cleaning is shown clean.
    await testDb().mediaFile.update({ where: { id: file.id }, data: { name: 'old\u202Efdp.exe' } });
    expect((await app.inject({ method: 'GET', url: `/backend/media/${file.id}`, headers: staff.authHeader })).json().name).toBe(
      'oldfdp.exe',
    );
  });

  it('answers the same over tRPC: staff procedures refuse clients; myMedia shows only their own files', async () => {
    const asClient = createCaller(createContextInner(testDeps(), { userId: alice.customer.id, roles: ['CLIENT'] }));
    const asStaff = createCaller(createContextInner(testDeps(), { userId: staff.user.id, roles: ['EMPLOYEE'] }));
    await expect(asClient.media.list({ ownerId: alice.customer.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asClient.media.delete({ id: '01900000-0000-7000-8000-000000000000' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const mine = await asClient.myMedia.list({});
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.items.every((file) => file.ownerId === alice.customer.id)).toBe(true);
    const bobFile = (
      await upload([{ filename: 'b.pdf', contentType: 'application/pdf', bytes: pdf() }], {
        ownerId: bob.customer.id,
        section: 'documents',
      })
    ).json().files[0];
    await expect(asClient.myMedia.get({ id: bobFile.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const staffView = await asStaff.media.list({ ownerId: bob.customer.id, type: 'DOCUMENT' });
    expect(staffView.items.map((file) => file.id)).toContain(bobFile.id);
    const context = await asClient.myMedia.context({ vehicleId: alice.vehicle.id });
    expect(context).toMatchObject({ customer: { id: alice.customer.id }, vehicleId: alice.vehicle.id });
    await expect(asClient.myMedia.context({ vehicleId: bob.vehicle.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  describe('list, rename, move, delete', () => {
    let customer: Customer;
    let secondVehicle: { id: string };
    let visitId: string;
    beforeAll(async () => {
      customer = await createCustomer({ firstName: 'Lina' });
      secondVehicle = await createVehicle(customer.customer.id);
      visitId = await insertVisit({ customerId: customer.customer.id, vehicleId: customer.vehicle.id }, { dueInDays: 2 });
      const target = { ownerId: customer.customer.id };
      await upload(
        [
          { filename: 'a.png', contentType: 'image/png', bytes: await png() },
          { filename: 'b.png', contentType: 'image/png', bytes: await png() },
        ],
        { ...target, section: 'before', vehicleId: customer.vehicle.id, visitId },
      );
      await upload([{ filename: 'bill.pdf', contentType: 'application/pdf', bytes: pdf() }], {
        ...target,
        section: 'invoice',
        vehicleId: customer.vehicle.id,
        visitId,
      });
      await upload([{ filename: 'v.mp4', contentType: 'video/mp4', bytes: mp4() }], {
        ...target,
        section: 'inspection',
        vehicleId: secondVehicle.id,
      });
    });
    const list = (query: Record<string, string>) =>
      app.inject({
        method: 'GET',
        url: `/backend/media?${new URLSearchParams({ ownerId: customer.customer.id, ...query })}`,
        headers: staff.authHeader,
      });

    it('filters by type, section, vehicle, visit and date, and pages', async () => {
      expect((await list({})).json().total).toBe(4);
      expect((await list({ type: 'IMAGE' })).json().total).toBe(2);
      expect((await list({ section: 'invoice' })).json().items.map((f: { name: string }) => f.name)).toEqual(['bill.pdf']);
      expect((await list({ vehicleId: secondVehicle.id })).json().total).toBe(1);
      expect((await list({ visitId })).json().total).toBe(3);
      expect((await list({ from: new Date(Date.now() + 60_000).toISOString() })).json().total).toBe(0);
      expect((await list({ to: new Date(Date.now() + 60_000).toISOString() })).json().total).toBe(4);
      const page2 = (await list({ pageSize: '3', page: '2' })).json();
      expect(page2).toMatchObject({ total: 4, pageCount: 2, page: 2 });
      expect(page2.items).toHaveLength(1);
    });

    it('shows a client only their own files', async () => {
      const mine = await app.inject({ method: 'GET', url: '/backend/my/media', headers: alice.auth });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().items.every((f: { ownerId: string }) => f.ownerId === alice.customer.id)).toBe(true);
      const foreignVehicle = await app.inject({
        method: 'GET',
        url: `/backend/my/media?vehicleId=${customer.vehicle.id}`,
        headers: alice.auth,
      });
      expect(foreignVehicle.statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: `/backend/media?ownerId=${alice.customer.id}`, headers: alice.auth })).statusCode,
      ).toBe(403);
    });

    it('renames (keeping the real extension) and moves within the same customer only', async () => {
      const [file] = (await list({ section: 'invoice' })).json().items;
      const renamed = await app.inject({
        method: 'PATCH',
        url: `/backend/media/${file.id}`,
        headers: staff.authHeader,
        payload: { name: 'Brake invoice' },
      });
      expect(renamed.json()).toMatchObject({ name: 'Brake invoice.pdf', visitId, vehicleId: customer.vehicle.id, section: 'invoice' });
      const badName = await app.inject({
        method: 'PATCH',
        url: `/backend/media/${file.id}`,
        headers: staff.authHeader,
        payload: { name: '../x' },
      });
      expect(badName.statusCode).toBe(400);

      const moved = await app.inject({
        method: 'PATCH',
        url: `/backend/media/${file.id}`,
        headers: staff.authHeader,
        payload: { vehicleId: secondVehicle.id, visitId: null },
      });
      expect(moved.json()).toMatchObject({ vehicleId: secondVehicle.id, visitId: null, name: 'Brake invoice.pdf' });
      // Keeping a visit of another vehicle is refused, not silently detached.
      const inconsistent = await app.inject({
        method: 'PATCH',
        url: `/backend/media/${file.id}`,
        headers: staff.authHeader,
        payload: { visitId },
      });
      expect(inconsistent.statusCode).toBe(200);
      expect(inconsistent.json()).toMatchObject({ visitId, vehicleId: customer.vehicle.id });
      const wrong = await app.inject({
        method: 'PATCH',
        url: `/backend/media/${file.id}`,
        headers: staff.authHeader,
        payload: { vehicleId: secondVehicle.id },
      });
      expect(wrong.statusCode).toBe(400);
      const foreign = await app.inject({
        method: 'PATCH',
        url: `/backend/media/${file.id}`,
        headers: staff.authHeader,
        payload: { vehicleId: bob.vehicle.id, visitId: null },
      });
      expect(foreign.statusCode).toBe(400);
      expect((await testDb().mediaFile.findUniqueOrThrow({ where: { id: file.id } })).vehicleId).toBe(customer.vehicle.id);
    });

    it('deletes row and bytes (staff only; a client gets 403 whatever the id)', async () => {
      const [file] = (await list({ type: 'IMAGE' })).json().items;
      const row = await testDb().mediaFile.findUniqueOrThrow({ where: { id: file.id } });
      const filesBefore = storedFiles().length;
      expect((await app.inject({ method: 'DELETE', url: `/backend/media/${file.id}`, headers: alice.auth })).statusCode).toBe(403);
      const removed = await app.inject({ method: 'DELETE', url: `/backend/media/${file.id}`, headers: staff.authHeader });
      expect(removed.statusCode).toBe(200);
      expect(await testDb().mediaFile.findUnique({ where: { id: file.id } })).toBeNull();
      expect(storedFiles().length).toBe(filesBefore - 2); // display version and thumbnail
      expect(storedFiles().some((stored) => stored.endsWith(row.storageKey.split('/')[1]!))).toBe(false);
      expect((await app.inject({ method: 'DELETE', url: `/backend/media/${file.id}`, headers: staff.authHeader })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: file.url, headers: staff.authHeader })).statusCode).toBe(404);
    });

    it('a visit with media cannot be deleted until its files are moved or deleted (nothing is lost silently)', async () => {
      const refused = await app.inject({ method: 'DELETE', url: `/backend/visits/${visitId}`, headers: staff.authHeader });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('This visit has media files; remove them before deleting the visit');
      const onVisit = (await list({ visitId })).json().items as Array<{ id: string }>;
      for (const file of onVisit) {
        await app.inject({ method: 'PATCH', url: `/backend/media/${file.id}`, headers: staff.authHeader, payload: { visitId: null } });
      }
      const deleted = await app.inject({ method: 'DELETE', url: `/backend/visits/${visitId}`, headers: staff.authHeader });
      expect(deleted.statusCode).toBe(200);
      expect((await list({ vehicleId: customer.vehicle.id })).json().total).toBe(onVisit.length); // kept on the vehicle
    });
  });
});
