import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HomePage } from './home-page';

vi.mock('@bistro/data', async (importOriginal) =>
  (await import('../../test/venue-mock')).withTestVenue(importOriginal),
);

const state = vi.hoisted(() => ({ signedIn: false }));

vi.mock('../shared/use-member', () => ({
  useMember: () => ({
    signedIn: state.signedIn,
    status: state.signedIn ? 'signedIn' : 'signedOut',
  }),
}));
vi.mock('./member-panel', () => ({
  MemberPanel: () => <section aria-label="Member panel">member panel</section>,
}));
vi.mock('./upcoming-events', () => ({
  UpcomingEvents: () => <section aria-label="Upcoming Events">upcoming events</section>,
}));

const renderHome = () =>
  render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );

describe('HomePage', () => {
  it('puts the member panel first for a member and drops the sign-up prompt', async () => {
    state.signedIn = true;
    renderHome();
    // The panel is a lazy chunk: it appears once its import resolves.
    const panel = await screen.findByRole('region', { name: 'Member panel' });
    const specialEvents = screen.getByRole('heading', { name: 'Special Events' });
    const upcoming = screen.getByRole('region', { name: 'Upcoming Events' });
    expect(panel.compareDocumentPosition(specialEvents) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(panel.compareDocumentPosition(upcoming) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.queryByText(/^Sign up in the app/)).not.toBeInTheDocument();
  });

  it('shows a visitor the sign-up prompt and no member panel', () => {
    state.signedIn = false;
    renderHome();
    expect(screen.queryByRole('region', { name: 'Member panel' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Sign up in the app/)).toBeInTheDocument();
  });
});

describe('Special Promotions', () => {
  it('lists the promotions from the database and the venue name and hours from its record', () => {
    state.signedIn = false;
    renderHome();
    const promos = screen.getByRole('region', { name: 'Special Promotions' });
    expect(promos).toHaveTextContent('Happy Hour: Weekdays 4 to 7PM.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'The Lakeshore Bistro & Ultra Lounge',
    );
    expect(screen.getByText(/open daily 11AM to 1AM\.$/)).toBeInTheDocument();
    const featured = screen.getByRole('region', { name: 'From the Photo Wall' });
    expect(featured).toContainElement(screen.getByRole('img', { name: 'Dance floor' }));
  });
});
