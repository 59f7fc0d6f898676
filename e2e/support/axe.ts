import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.x A/AA rules) on the page as it is now and returns the serious and critical
 * violations. axe is evaluated through the DevTools protocol, so the portal's CSP does not block it.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Parsing axe's half a megabyte took about a tenth of a second a check: once per document is enough.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe;
    type AxeResults = { violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }> };
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }));
  });
}

/** A readable list of violations for an assertion message. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return `${where}:\n${violations.map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.targets.join('\n    ')}`).join('\n')}`;
}
