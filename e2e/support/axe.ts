import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The WCAG levels and best practices every page is checked against. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The axe-core script @axe-core/playwright itself ships (about 550 kB). */
const axeCoreSource = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
    source: string;
  }
).source;

/**
 * What AxeBuilder evaluates as "the axe-core script" (twice per check in legacy mode): the page
 * already has axe-core (see below), so a check only makes sure of it.
 */
const AXE_IN_PAGE = `if (typeof window.axe?.run !== 'function') throw new Error('axe-core is not in the page');`;

/**
 * axe-core's violations on the page (or within `include`). The suite's pages have no frames, so
 * axe runs in the page itself (legacy mode: no blank page opened to merge frame results), and it
 * gathers only violations, not every passing node: the same violations as the default run, in a
 * third of the time. axe-core is put into each document once, not sent and compiled again for
 * every check (AxeBuilder would send it twice per check); a check runs the same rules on the
 * page as it is at that moment.
 */
export async function axeViolations(page: Page, include?: string): Promise<Violation[]> {
  const present = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!present) await page.evaluate(axeCoreSource);
  let builder = new AxeBuilder({ page, axeSource: AXE_IN_PAGE })
    .withTags(TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  return (await builder.analyze()).violations;
}
