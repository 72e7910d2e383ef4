import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The WCAG levels and best practices every page is checked against. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core's violations on the page (or within `include`). The suite's pages have no frames, so
 * axe runs in the page itself (legacy mode: no blank page opened to merge frame results), and it
 * gathers only violations, not every passing node: the same violations as the default run, in a
 * third of the time.
 */
export async function axeViolations(page: Page, include?: string): Promise<Violation[]> {
  let builder = new AxeBuilder({ page })
    .withTags(TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  return (await builder.analyze()).violations;
}
