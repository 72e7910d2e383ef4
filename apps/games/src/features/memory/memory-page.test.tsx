import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createManualScheduler } from '../machine/manual-scheduler';
import { MemoryPage } from './memory-page';
import { renderAt } from '../../test/render';

/** Picks Purple, Gold, Teal, Pink, Purple, … */
function cyclingRandom() {
  let i = 0;
  return () => (i++ % 4) / 4 + 0.01;
}

function setup() {
  const clock = createManualScheduler();
  const user = userEvent.setup();
  renderAt(<MemoryPage scheduler={clock} random={cyclingRandom()} />, '/games/memory-match');
  const tick = (ms: number) => act(() => clock.advance(ms));
  const pad = (name: string) => screen.getByRole('button', { name });
  return { clock, user, tick, pad };
}

describe('MemoryPage', () => {
  it('lights each step for 400 ms after a 600 ms gap, with pads locked meanwhile', async () => {
    const { user, tick, pad } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Memory Match' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    expect(screen.getByText('Level 1')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Watch the sequence…');
    expect(pad('Purple')).toHaveAttribute('aria-disabled', 'true');

    tick(599);
    expect(document.querySelector('[data-lit]')).toBeNull();
    tick(1);
    expect(pad('Purple')).toHaveAttribute('data-lit', 'true');
    await user.click(pad('Purple'));
    expect(screen.getByText('Score: 0')).toBeVisible();
    tick(400);
    expect(document.querySelector('[data-lit]')).toBeNull();
    tick(600);
    expect(pad('Gold')).toHaveAttribute('data-lit', 'true');
    expect(pad('Purple')).not.toHaveAttribute('data-lit');
    tick(1000);
    expect(pad('Teal')).toHaveAttribute('data-lit', 'true');
    tick(400);
    expect(screen.getByRole('status')).toHaveTextContent('Your turn: repeat the sequence (0 of 3)');
    expect(pad('Purple')).toHaveAttribute('aria-disabled', 'false');
  });

  it('completes a level by pointer for 10 points, then shows a sequence one longer', async () => {
    const { user, tick, pad } = setup();
    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    tick(3000);
    await user.click(pad('Purple'));
    await user.click(pad('Gold'));
    expect(screen.getByRole('status')).toHaveTextContent('(2 of 3)');
    await user.click(pad('Teal'));
    expect(screen.getByRole('status')).toHaveTextContent('Level 1 complete! +10 points');
    expect(screen.getByText('Score: 10')).toBeVisible();
    tick(1500);
    expect(screen.getByText('Level 2')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Watch the sequence…');
    tick(4000);
    expect(screen.getByRole('status')).toHaveTextContent('(0 of 4)');
  });

  it('plays by keyboard', async () => {
    const { user, tick, pad } = setup();
    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    tick(3000);
    pad('Purple').focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(pad('Gold')).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Level 1 complete! +10 points');
  });

  it('ends the game on a wrong pad and starts over with Play Again', async () => {
    const { user, tick, pad } = setup();
    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    tick(3000);
    await user.click(pad('Purple'));
    await user.click(pad('Pink'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Game over! That was Pink; Gold was next.',
    );
    expect(screen.getByText('You scored 0 points and reached level 1.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Play Again' }));
    expect(screen.getByText('Level 1')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Watch the sequence…');
  });
});
