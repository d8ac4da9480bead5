// axe as the suite runs it: WCAG 2.x A/AA rules, serious and critical violations only (issue #15).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface Finding {
  route: string;
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

export async function axeFindings(page: Page, route: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      route,
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}
