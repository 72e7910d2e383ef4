import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as data from '@bistro/data';
import { ReleasesTab } from './releases-tab';
import { renderAt, setViewer } from '../../test/render';

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useReleaseStatus: vi.fn(),
}));

const version = (
  v: string,
  role: data.VersionStatus['role'],
  counts: Partial<data.VersionStatus> = {},
): data.VersionStatus => ({
  version: v,
  role,
  loaded: 0,
  refused: 0,
  failed: 0,
  errors: 0,
  errorRate: null,
  lastReason: null,
  ...counts,
});

const mockStatus = (status: Partial<ReturnType<typeof data.useReleaseStatus>>) =>
  vi.mocked(data.useReleaseStatus).mockReturnValue({
    isPending: false,
    isError: false,
    refetch: vi.fn(),
    ...status,
  } as unknown as ReturnType<typeof data.useReleaseStatus>);

describe('ReleasesTab', () => {
  beforeEach(() => setViewer('signedIn', { isAdmin: true }));

  it('shows each area live version, its canary share, each version error rate and the history', () => {
    mockStatus({
      data: {
        areas: [
          {
            area: 'games',
            live: 'aaaaaaaaaaaaaaaa',
            canary: { version: 'cccccccccccccccc', percent: 10 },
            versions: [
              version('aaaaaaaaaaaaaaaa', 'live', { loaded: 3, refused: 1, errorRate: 0.25 }),
              version('cccccccccccccccc', 'canary', {
                refused: 2,
                errorRate: 1,
                lastReason: 'react: needs ^20.0.0',
              }),
            ],
          },
        ],
        history: [
          {
            at: '2026-11-27T03:00:00Z',
            action: 'canary',
            area: 'games',
            version: 'cccccccccccccccc',
            previous: 'aaaaaaaaaaaaaaaa',
          },
        ],
      },
    });
    renderAt(<ReleasesTab />);
    const games = screen.getByRole('table', { name: 'games' });
    const canaryRow = within(games).getByRole('row', { name: /cccccccccccccccc/ });
    expect(within(canaryRow).getByText('Canary')).toBeInTheDocument();
    expect(within(canaryRow).getByText('100%')).toBeInTheDocument();
    expect(within(canaryRow).getByText('react: needs ^20.0.0')).toBeInTheDocument();
    const liveRow = within(games).getByRole('row', { name: /aaaaaaaaaaaaaaaa/ });
    expect(within(liveRow).getByText('25%')).toBeInTheDocument();
    expect(screen.getByText(/for 10% of\s+browsers/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Release history' })).getByText(
        /games started a canary of/,
      ),
    ).toBeInTheDocument();
  });

  it('says when no area is released, and offers Retry when the status cannot load', () => {
    mockStatus({ data: { areas: [], history: [] } });
    const { unmount } = renderAt(<ReleasesTab />);
    expect(screen.getByText(/No area is served from the release store/)).toBeInTheDocument();
    unmount();
    mockStatus({ isError: true, error: new Error('x') });
    renderAt(<ReleasesTab />);
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});
