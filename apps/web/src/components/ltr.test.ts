import { describe, expect, it } from 'vitest';
import { isolateNumbers } from './ltr.tsx';

const shown = (text: string) => isolateNumbers(text).replaceAll('\u2066', '[').replaceAll('\u2069', ']');

describe('isolateNumbers', () => {
  it('keeps a time range, a phone and a count with its plus in one left-to-right island each', () => {
    expect(shown('الاثنين – الجمعة 08:00–18:00')).toBe('الاثنين – الجمعة [08:00–18:00]');
    expect(shown('السبت 09:00 - 14:00')).toBe('السبت [09:00 - 14:00]');
    expect(shown('Call +1 555 010 0200')).toBe('Call [+1 555 010 0200]');
    expect(shown('18+ years, 4,200+ cars')).toBe('[18+] years, [4,200+] cars');
  });
  it('leaves text without digits alone', () => {
    expect(isolateNumbers('Sunday: closed')).toBe('Sunday: closed');
  });
});
