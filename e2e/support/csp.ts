import type { Page } from '@playwright/test';

export interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Records every Content-Security-Policy violation the page reports (from the
 * first document on), so a test can assert that the suite runs under its CSP
 * without anything being blocked.
 */
export async function recordCspViolations(page: Page): Promise<() => Promise<CspViolation[]>> {
  const violations: CspViolation[] = [];
  await page.exposeBinding('__reportCspViolation', (_source, violation: CspViolation) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (v: unknown) => void })
        .__reportCspViolation;
      report?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  return async () => violations;
}
