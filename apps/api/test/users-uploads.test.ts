import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { signAccessToken } from '../src/session/session.ts';
import { buildTestApp, createTestUser, TEST_JWT_SECRET, testDb, uniqueSuffix } from './helpers.ts';

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----garage${uniqueSuffix()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('picture uploads', () => {
  let app: App;
  let employee: TestUser;
  let client: TestUser;

  beforeAll(async () => {
    app = await buildTestApp();
    [employee, client] = await Promise.all([createTestUser('EMPLOYEE'), createTestUser('CLIENT')]);
  });
  afterAll(() => app.close());

  const upload = (actor: TestUser | null, filename: string, type: string, bytes: Buffer, section = 'user') => {
    const body = multipart(filename, type, bytes);
    return app.inject({
      method: 'POST',
      url: `/backend/uploads/image?section=${section}`,
      headers: { ...body.headers, ...(actor?.authHeader ?? {}) },
      payload: body.payload,
    });
  };

  it('stores a PNG and serves the same bytes back to staff', async () => {
    const response = await upload(employee, 'avatar.png', 'image/png', PNG);
    expect(response.statusCode).toBe(201);
    const image = response.json();
    expect(image).toMatchObject({ name: 'avatar.png', mimeType: 'image/png', sizeBytes: PNG.length });
    expect(image.url).toBe(`/backend/media/${image.id}/file`);
    const row = await testDb().mediaFile.findUniqueOrThrow({ where: { id: image.id } });
    expect(row).toMatchObject({ type: 'IMAGE', section: 'user', uploadedById: employee.user.id, ownerId: null });

    const file = await app.inject({ method: 'GET', url: image.url, headers: employee.authHeader });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('recognises a JPEG by its bytes even when the browser claims another type', async () => {
    const response = await upload(employee, 'car', 'application/octet-stream', JPEG, 'vehicle');
    expect(response.statusCode).toBe(201);
    expect(response.json().mimeType).toBe('image/jpeg');
  });

  it('removes the EXIF block (GPS position) of a phone photo, turning it upright', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(employee, 'me.jpg', 'image/jpeg', photo);
    expect(response.statusCode).toBe(201);
    const served = await app.inject({ method: 'GET', url: response.json().url, headers: employee.authHeader });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 40]);
  });

  it('refuses a file that only claims to be a picture', async () => {
    const response = await upload(employee, 'evil.png', 'image/png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.file).toEqual(['Image must be one of: JPEG, PNG']);
  });

  it('refuses pictures over the size limit (5 MB)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const response = await upload(employee, 'big.png', 'image/png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Image size must not exceed 5MB');
    const justUnder = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length - 10, 0)]);
    expect((await upload(employee, 'ok.png', 'image/png', justUnder)).statusCode).toBe(201);
  });

  it('lets only staff upload', async () => {
    expect((await upload(client, 'a.png', 'image/png', PNG)).statusCode).toBe(403);
    expect((await upload(null, 'a.png', 'image/png', PNG)).statusCode).toBe(401);
  });

  it('shows a client their own picture once it is attached to their account, and nobody else', async () => {
    const image = (await upload(employee, 'me.png', 'image/png', PNG)).json();
    const suffix = uniqueSuffix();
    const created = await app.inject({
      method: 'POST',
      url: '/backend/users',
      headers: employee.authHeader,
      payload: {
        firstName: 'Pic',
        lastName: `Owner ${suffix}`,
        username: `pic_${suffix}`,
        countryCode: '+44',
        phoneNumber: `7${randomInt(100_000_000, 999_999_999)}`,
        role: 'CLIENT',
        imageUrl: image.url,
      },
    });
    expect(created.statusCode).toBe(201);
    const owner = created.json();
    expect((await testDb().mediaFile.findUniqueOrThrow({ where: { id: image.id } })).ownerId).toBe(owner.id);

    const ownerToken = signAccessToken({ userId: owner.id, roles: ['CLIENT'] }, TEST_JWT_SECRET);
    expect((await app.inject({ method: 'GET', url: image.url, headers: { authorization: `Bearer ${ownerToken}` } })).statusCode).toBe(200);
    // The access-token cookie works too: that is how <img> tags fetch pictures.
    expect((await app.inject({ method: 'GET', url: image.url, cookies: { accessToken: ownerToken } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: image.url, headers: client.authHeader })).statusCode).toBe(404);
    // Without a session: 401 (sign in), for any id; public-site sections are the only files readable anonymously.
    expect((await app.inject({ method: 'GET', url: image.url })).statusCode).toBe(401);
  });
});
