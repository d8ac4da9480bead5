// The order a customer reads an inspection in: the findings first (urgent before soon, each group in the
// template's order), then every other item under its section, sections in the template's order.
import { isFlagged, type InspectionCondition } from '@garage/shared/inspection-rules';
import { pickLocalized, type LocalizedText } from '../../lib/service-catalogue.ts';

interface Arrangeable {
  condition: InspectionCondition | null;
  section: LocalizedText;
}

export function arrangeReport<T extends Arrangeable>(items: readonly T[], language: string) {
  // Array.prototype.filter keeps the API's order (the template's positions); the sort is stable.
  const findings = items
    .filter((item) => isFlagged(item.condition))
    .sort((a, b) => Number(b.condition === 'URGENT') - Number(a.condition === 'URGENT'));
  const others = items.filter((item) => !isFlagged(item.condition));
  const sections = new Map<string, { title: string; items: T[] }>();
  for (const item of others) {
    const title = pickLocalized(item.section, language);
    if (!sections.has(title)) sections.set(title, { title, items: [] });
    sections.get(title)!.items.push(item);
  }
  return { findings, others, sections: [...sections.values()] };
}
