import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { ComponentType } from 'react';
import type { RemoteName } from '@bistro/ui';
import { useAuthStore } from '@bistro/auth';
import { AreaOutlet } from './app';
import { forgetLoadedAreas } from '../features/remotes/remote-area';

// The MF runtime is replaced by a controllable loader: each call either
// resolves to a component naming its remote or fails, as a real fetch would.
const loads: RemoteName[] = [];
const resets: RemoteName[] = [];
let failing = new Set<RemoteName>();
vi.mock('@bistro/data', async (importOriginal) =>
  (await import('../test/venue-mock')).withTestVenue(importOriginal),
);
vi.mock('../features/remotes/federation', () => ({
  loadArea: async (name: RemoteName): Promise<ComponentType> => {
    loads.push(name);
    if (failing.has(name)) throw new Error(`manifest of ${name} could not be fetched`);
    return function Area() {
      return <p>area {name}</p>;
    };
  },
  resetArea: (name: RemoteName) => resets.push(name),
  registerAreaRemotes: () => undefined,
}));

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AreaOutlet />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  loads.length = 0;
  resets.length = 0;
  failing = new Set();
  forgetLoadedAreas();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('AreaOutlet', () => {
  it('shows the 404 page for an unknown path without loading any remote', () => {
    renderAt('/does-not-exist');
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(loads).toEqual([]);
  });

  it('serves /auth from the shell itself', async () => {
    useAuthStore.getState().setSession(null);
    renderAt('/auth');
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toBeInTheDocument();
    expect(loads).toEqual([]);
  });

  it.each([
    ['/', 'guest'],
    ['/scanner', 'guest'],
    ['/song-requests', 'lounge'],
    ['/games/word-chain', 'games'],
    ['/admin-enhanced', 'admin'],
  ] as const)('loads only the owner remote for %s', async (path, owner) => {
    renderAt(path);
    expect(await screen.findByText(`area ${owner}`)).toBeInTheDocument();
    expect(loads).toEqual([owner]);
  });

  it('contains a failed remote in its area and recovers on Retry', async () => {
    failing = new Set<RemoteName>(['admin']);
    renderAt('/admin');
    expect(await screen.findByText("This area couldn't load")).toBeInTheDocument();
    failing.clear();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('area admin')).toBeInTheDocument();
    expect(resets).toEqual(['admin']);
  });
});
