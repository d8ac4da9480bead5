// Every image, logo and avatar field takes only one of the app's own stored files (the URL form the uploads
// module and the media library give: /backend/media/<id>/file), never an outside address.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { categoryPatchSchema, itemPatchSchema } from './offering.ts';
import { setupShopSchema } from './setup.ts';
import { mediaIdFromUrl, profilePatchSchema, STORED_FILE_URL_PATTERN, userInputSchema, userPatchSchema } from './users.ts';
import { vehicleInputSchema } from './vehicles.ts';

const STORED = '/backend/media/0190a3c5-7b1e-7000-8000-00000000abcd/file';
const OUTSIDE = [
  'https://images.example.com/avatar.png',
  'http://192.168.1.10/logo.png',
  '//evil.example/x.png',
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
  '/backend/media/not-a-uuid/file',
  '/backend/media/0190a3c5-7b1e-7000-8000-00000000abcd/file?x=https://evil.example',
  '/backend/media/0190a3c5-7b1e-7000-8000-00000000abcd/../../users',
  '/brand/logo.svg',
];

/** Each image field, as the object schema that holds it (the rest of the object need not be valid). */
const FIELDS: [string, z.ZodObject, string][] = [
  ['user create', userInputSchema, 'imageUrl'],
  ['user update', userPatchSchema, 'imageUrl'],
  ['own profile', profilePatchSchema, 'imageUrl'],
  ['vehicle', vehicleInputSchema, 'imageUrl'],
  ['offering category', categoryPatchSchema, 'imageUrl'],
  ['offering item', itemPatchSchema, 'imageUrl'],
  ['setup logo', setupShopSchema, 'logoUrl'],
];

describe('image, logo and avatar fields take only our stored files', () => {
  it.each(FIELDS)('%s: a stored file is accepted, an outside address refused with a format error on the field', (_name, schema, field) => {
    const fieldSchema = schema.shape[field] as z.ZodType;
    expect(fieldSchema.safeParse(STORED).success).toBe(true);
    for (const url of OUTSIDE) {
      const result = fieldSchema.safeParse(url);
      expect(result.success, url).toBe(false);
      const issues = schema.safeParse({ [field]: url }).error?.issues.filter((issue) => issue.path[0] === field) ?? [];
      expect(issues.length, url).toBeGreaterThan(0);
    }
  });

  it('reads the file id from a stored file URL only', () => {
    expect(mediaIdFromUrl(STORED)).toBe('0190a3c5-7b1e-7000-8000-00000000abcd');
    expect(mediaIdFromUrl('https://images.example.com/avatar.png')).toBeNull();
    expect(mediaIdFromUrl(null)).toBeNull();
    expect(STORED_FILE_URL_PATTERN.test(`${STORED}\n`)).toBe(false);
  });
});
