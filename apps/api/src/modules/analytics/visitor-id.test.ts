// Visitor ids must not change with the code computing them: an instance deployed mid-day would otherwise count
// every visitor of the day twice. The id is the first 8 bytes of sha256(salt, ip, NUL, user agent).
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VisitorIds } from './visitor-id.ts';

describe('visitor ids', () => {
  it('are the first 64 bits of sha256(salt + ip + NUL + user agent), signed', () => {
    const salt = randomBytes(32);
    const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1 é';
    const expected = createHash('sha256').update(salt).update('2001:db8::7').update('\u0000').update(userAgent).digest().readBigInt64BE(0);
    expect(VisitorIds.hash(salt, '2001:db8::7', userAgent)).toBe(expected);
  });

  it('differ with the salt, the address and the user agent', () => {
    const salt = randomBytes(32);
    const id = VisitorIds.hash(salt, '203.0.113.5', 'Firefox');
    expect(VisitorIds.hash(randomBytes(32), '203.0.113.5', 'Firefox')).not.toBe(id);
    expect(VisitorIds.hash(salt, '203.0.113.6', 'Firefox')).not.toBe(id);
    expect(VisitorIds.hash(salt, '203.0.113.5', 'Chrome')).not.toBe(id);
    // The separator keeps "1.2.3.4" + "5x" apart from "1.2.3.45" + "x".
    expect(VisitorIds.hash(salt, '1.2.3.4', '5x')).not.toBe(VisitorIds.hash(salt, '1.2.3.45', 'x'));
  });
});
