// @vitest-environment node
import { statusView } from './request-status';

describe('statusView', () => {
  it.each([
    ['approved', 'approved', 'Approved'],
    ['played', 'played', 'Played'],
    ['declined', 'declined', 'Declined'],
    ['pending', 'pending', 'Pending'],
    ['queued', 'pending', 'Queued'],
    ['', 'pending', 'Pending'],
  ])('%s -> %s tone, label %s', (status, tone, label) => {
    const view = statusView(status);
    expect(view.tone).toBe(tone);
    expect(view.label).toBe(label);
  });

  it('unknown statuses share the pending icon', () => {
    expect(statusView('queued').Icon).toBe(statusView('pending').Icon);
    expect(statusView('played').Icon).not.toBe(statusView('pending').Icon);
  });
});
