import { describe, expect, it } from 'vitest';
import { formatValidity, lastNightBefore } from './validity';

describe('validity in words', () => {
  it('says through the last day an offer covers, not the midnight it ends at', () => {
    // Valid until 00:00 Dec 27 in Cleveland (05:00Z): through Saturday, December 26.
    const last = lastNightBefore('2026-12-27T05:00:00Z');
    expect(last).toBe('2026-12-26');
    expect(formatValidity(last, '2026-11-26')).toBe('Valid through Saturday, December 26');
  });

  it('calls an offer ending with tonight "Tonight only"', () => {
    // Ends at 4 AM on Nov 27 (09:00Z): the night of Nov 26.
    expect(formatValidity(lastNightBefore('2026-11-27T09:00:00Z'), '2026-11-26')).toBe(
      'Tonight only',
    );
  });

  it('writes a promotion last day the same way, and nothing without an end', () => {
    expect(formatValidity('2026-12-31', '2026-11-26')).toBe('Valid through Thursday, December 31');
    expect(formatValidity(null, '2026-11-26')).toBeNull();
    expect(lastNightBefore('nonsense')).toBeNull();
  });
});
