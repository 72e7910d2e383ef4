import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { useAuthStore } from '@bistro/auth';
import { Layout } from './layout';

vi.mock('@bistro/data', async (importOriginal) =>
  (await import('../../test/venue-mock')).withTestVenue(importOriginal),
);
vi.mock('../remotes/federation', () => ({ preloadArea: () => undefined }));

function renderLayout() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Layout>
        <p>page</p>
      </Layout>
    </MemoryRouter>,
  );
}

beforeEach(() => act(() => useAuthStore.getState().setSession(null)));

describe('the phone menu', () => {
  it('is a modal panel with its own close button, and gives focus back on close', async () => {
    const user = userEvent.setup();
    renderLayout();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await user.click(menuButton);

    const panel = screen.getByRole('dialog', { name: 'Menu' });
    expect(panel).toHaveAttribute('aria-modal', 'true');
    const close = screen.getByRole('button', { name: 'Close menu' });
    expect(panel).toContainElement(close);
    expect(close).toHaveFocus();
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');

    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('keeps Tab inside the panel and closes on Escape', async () => {
    const user = userEvent.setup();
    renderLayout();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    const close = screen.getByRole('button', { name: 'Close menu' });
    const signIn = screen.getByRole('link', { name: 'Sign In' });

    await user.tab({ shift: true });
    expect(signIn).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });
});

describe('the skip link', () => {
  it('is the first thing Tab reaches and leads to the main content', async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(main).toHaveAttribute('tabindex', '-1');
  });
});

describe('the footer', () => {
  it("shows the venue record's name, hours, phone and street address", () => {
    renderLayout();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('The Lakeshore Bistro & Ultra Lounge');
    expect(footer).toHaveTextContent('Hours: daily 11AM to 1AM');
    expect(screen.getByRole('link', { name: '(216) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+12165550142',
    );
    expect(
      screen.getByRole('link', { name: '1250 West 6th Street, Cleveland, OH 44113' }),
    ).toHaveAttribute('href', expect.stringContaining('google.com/maps'));
    expect(screen.getByRole('link', { name: 'Lakeshore Bistro' })).toHaveAttribute('href', '/');
  });
});

describe('the menu button', () => {
  it('is named for what it does: hidden behind the open menu, whose own button closes it', async () => {
    const user = userEvent.setup();
    renderLayout();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-label', 'Close menu');
    expect(menuButton).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getAllByRole('button', { name: 'Close menu' })).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBe(menuButton);
    expect(menuButton).toHaveFocus();
  });
});
