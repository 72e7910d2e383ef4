import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PlaceholderRoutes } from './route-placeholder';

function renderArea(path: string, pages?: Record<string, React.ReactNode>) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PlaceholderRoutes area="games" viewer="leo@example.com" pages={pages} />
    </MemoryRouter>,
  );
}

describe('PlaceholderRoutes', () => {
  it('mounts a page for each path the area owns, against the full URL', () => {
    renderArea('/games/memory-match');
    expect(screen.getByRole('heading', { name: 'Memory Match' })).toBeInTheDocument();
    expect(screen.getByTestId('viewer')).toHaveTextContent('Viewing as: leo@example.com');
  });

  it('renders nothing for a path another area owns', () => {
    const { container } = renderArea('/events');
    expect(container).toBeEmptyDOMElement();
  });

  it('uses a real page in place of the placeholder when given one', () => {
    renderArea('/games', { '/games': <h1>Games hub page</h1> });
    expect(screen.getByRole('heading', { name: 'Games hub page' })).toBeInTheDocument();
    expect(screen.queryByTestId('viewer')).not.toBeInTheDocument();
  });
});
