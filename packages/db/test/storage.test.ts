import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/storage.ts';

describe('local file storage', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'garage-storage-'));
  const storage = createLocalStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('saves, reads back and removes a file', async () => {
    const { key, sizeBytes } = await storage.save('images', 'png', Readable.from([Buffer.from('hello')]));
    expect(key).toMatch(/^images\/[0-9a-f-]{36}\.png$/);
    expect(sizeBytes).toBe(5);
    const opened = await storage.open(key);
    expect(await text(opened!.stream)).toBe('hello');
    await storage.remove(key);
    expect(await storage.open(key)).toBeNull();
  });

  it('refuses keys and folders that would leave the storage root', async () => {
    expect(await storage.open('../../etc/passwd')).toBeNull();
    await expect(storage.save('../up', 'txt', Readable.from([Buffer.from('x')]))).rejects.toThrow(/Invalid storage folder/);
  });

  it('reads a byte range, moves a temporary file to its final key and writes companions', async () => {
    const { key } = await storage.save('tmp', '', Readable.from([Buffer.from('0123456789')]));
    const part = await storage.open(key, { start: 2, end: 5 });
    expect(part!.sizeBytes).toBe(10);
    expect(await text(part!.stream)).toBe('2345');
    const moved = await storage.move(key, 'media', 'mp4');
    expect(moved).toMatch(/^media\/[0-9a-f-]{36}\.mp4$/);
    expect(await storage.open(key)).toBeNull();
    expect(await storage.size(key)).toBeNull();
    expect(await storage.size(moved)).toBe(10);
    await storage.put(`${moved}.thumb.webp`, Readable.from([Buffer.from('t')]));
    expect(await text((await storage.open(`${moved}.thumb.webp`))!.stream)).toBe('t');
    await expect(storage.put('media/../../x', Readable.from([Buffer.from('x')]))).rejects.toThrow(/Invalid storage key/);
  });

  it('sweeps old temporary files only', async () => {
    await storage.save('sweep', 'bin', Readable.from([Buffer.from('x')]));
    expect(await storage.sweep('sweep', 60_000)).toBe(0);
    expect(await storage.sweep('sweep', -1)).toBe(1);
  });
});
