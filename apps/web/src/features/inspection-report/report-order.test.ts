import { describe, expect, it } from 'vitest';
import { arrangeReport } from './report-order.ts';

const item = (id: string, condition: 'GOOD' | 'SOON' | 'URGENT' | 'SKIPPED' | null, section: string) => ({
  id,
  condition,
  section: { en: section, fr: `${section} (fr)`, ar: `${section} (ar)` },
});

describe('arrangeReport', () => {
  const items = [
    item('tyre-fl', 'GOOD', 'Tyres'),
    item('tyre-fr', 'SOON', 'Tyres'),
    item('pads', 'URGENT', 'Brakes'),
    item('disc', 'SOON', 'Brakes'),
    item('wipers', 'SKIPPED', 'Visibility'),
    item('lights', null, 'Visibility'),
    item('fluid', 'URGENT', 'Brakes'),
  ];

  it('puts the findings first, urgent before soon, each in the template order', () => {
    expect(arrangeReport(items, 'en').findings.map((one) => one.id)).toEqual(['pads', 'fluid', 'tyre-fr', 'disc']);
  });

  it('groups everything else under its section in the template order, in the reader language', () => {
    const { others, sections } = arrangeReport(items, 'fr');
    expect(others.map((one) => one.id)).toEqual(['tyre-fl', 'wipers', 'lights']);
    expect(sections.map((section) => [section.title, section.items.map((one) => one.id)])).toEqual([
      ['Tyres (fr)', ['tyre-fl']],
      ['Visibility (fr)', ['wipers', 'lights']],
    ]);
  });
});
