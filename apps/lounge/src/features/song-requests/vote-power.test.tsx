import { render, screen } from '@testing-library/react';
import { VotePower, votesLeft } from './vote-power';

const filledDots = () =>
  screen.getAllByTestId('vote-dot').filter((d) => d.getAttribute('data-left') === 'true').length;

describe('VotePower', () => {
  it.each([
    [0, 3, '3 votes left'],
    [1, 2, '2 votes left'],
    [2, 1, '1 vote left'],
    [3, 0, '0 votes left'],
  ])('with %i votes used shows %i filled dots and "%s"', (used, filled, text) => {
    render(<VotePower votesUsed={used} />);
    expect(screen.getByText('Your Vote Power')).toBeVisible();
    expect(screen.getAllByTestId('vote-dot')).toHaveLength(3);
    expect(filledDots()).toBe(filled);
    expect(screen.getByText(text)).toBeVisible();
    expect(screen.getByRole('img', { name: `${filled} of 3 votes left` })).toBeVisible();
  });

  it('never goes below 0 or above 3', () => {
    expect(votesLeft(5)).toBe(0);
    expect(votesLeft(-1)).toBe(3);
  });
});
