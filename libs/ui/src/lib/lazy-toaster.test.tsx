import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useToastStore, toast } from './toast-store';

// The toast UI's chunk: the first fetch fails (no connection), later ones succeed.
const fetches = vi.hoisted(() => ({ count: 0 }));
vi.mock('./toast', async (importOriginal) => {
  fetches.count += 1;
  if (fetches.count === 1) throw new Error('Loading chunk 463 failed.');
  return importOriginal();
});

beforeEach(() => useToastStore.setState({ toasts: [] }));

describe('LazyToaster', () => {
  it('renders nothing while its code cannot be fetched, and shows the waiting toast once back online', async () => {
    const { LazyToaster } = await import('./lazy-toaster');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <p>The page</p>
        <LazyToaster />
      </div>,
    );
    await act(async () => {
      toast({ title: 'Saved on Your Phone 📶' });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    // the page stays; the toast waits in the store
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(screen.queryByText('Saved on Your Phone 📶')).not.toBeInTheDocument();
    expect(useToastStore.getState().toasts).toHaveLength(1);

    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByText('Saved on Your Phone 📶')).toBeInTheDocument();
    expect(fetches.count).toBe(2);
    errors.mockRestore();
  });

  it('fetches the toast code ahead through the shared store once the shell mounted it', async () => {
    const { LazyToaster, preloadToaster } = await import('./lazy-toaster');
    expect(useToastStore.getState().preloadUi).toBeNull();
    render(<LazyToaster />);
    expect(useToastStore.getState().preloadUi).toBeTypeOf('function');
    expect(() => preloadToaster()).not.toThrow();
  });
});
