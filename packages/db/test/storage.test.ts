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
});
