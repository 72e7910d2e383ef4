import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createManualScheduler } from '../machine/manual-scheduler';
import { questionBank } from './question-bank';
import { TriviaPage } from './trivia-page';
import { renderAt } from '../../test/render';

function question() {
  const heading = screen.getByRole('heading', { level: 2 });
  const q = questionBank.find((b) => heading.textContent?.endsWith(b.prompt));
  if (!q) throw new Error(`not a bank question: ${heading.textContent}`);
  return { right: q.options[q.answer]!, wrong: q.options.find((_, i) => i !== q.answer)! };
}

function setup() {
  const clock = createManualScheduler();
  const user = userEvent.setup();
  renderAt(<TriviaPage scheduler={clock} random={Math.random} />, '/games/trivia-blast');
  const tick = (ms: number) => act(() => clock.advance(ms));
  return { clock, user, tick };
}

describe('TriviaPage', () => {
  it('starts with a 15 s countdown on question 1 of 5 and focuses the question', async () => {
    const { user, tick } = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Trivia Blast' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Start Trivia' }));
    expect(screen.getByText('Question 1 of 5')).toBeVisible();
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('15s');
    expect(screen.getByRole('heading', { level: 2 })).toHaveFocus();
    expect(screen.getAllByRole('button')).toHaveLength(4);
    tick(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('14s');
    tick(9000);
    expect(screen.getByRole('timer')).toHaveTextContent('5s');
    expect(screen.getByText('5 seconds left')).toBeInTheDocument();
  });

  it('reveals a right answer for 2 s, then moves to the next question', async () => {
    const { user, tick } = setup();
    await user.click(screen.getByRole('button', { name: 'Start Trivia' }));
    const { right } = question();
    await user.click(screen.getByRole('button', { name: right }));
    expect(screen.getByRole('status')).toHaveTextContent('Correct!');
    expect(screen.getByText('Score: 1')).toBeVisible();
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: new RegExp(right) })).toContainElement(
      screen.getByLabelText('right answer'),
    );
    tick(1999);
    expect(screen.getByText('Question 1 of 5')).toBeVisible();
    tick(1);
    expect(screen.getByText('Question 2 of 5')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows the right answer after a wrong one', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Start Trivia' }));
    const { right, wrong } = question();
    await user.click(screen.getByRole('button', { name: wrong }));
    expect(screen.getByRole('status')).toHaveTextContent(`Wrong! The answer was ${right}.`);
    expect(screen.getByText('Score: 0')).toBeVisible();
  });

  it('counts running out of time as wrong', async () => {
    const { user, tick } = setup();
    await user.click(screen.getByRole('button', { name: 'Start Trivia' }));
    const { right } = question();
    tick(15_000);
    expect(screen.getByRole('status')).toHaveTextContent(`Time's up! The answer was ${right}.`);
    expect(screen.getByText('Score: 0')).toBeVisible();
    tick(2000);
    expect(screen.getByText('Question 2 of 5')).toBeVisible();
  });

  it.each([
    [5, 'Perfect'],
    [3, 'Great job'],
    [2, 'Keep practicing'],
  ])(
    'after 5 questions with %i right says %s, and can be played again',
    async (rights, message) => {
      const { user, tick } = setup();
      await user.click(screen.getByRole('button', { name: 'Start Trivia' }));
      for (let i = 0; i < 5; i++) {
        const { right, wrong } = question();
        await user.click(screen.getByRole('button', { name: i < rights ? right : wrong }));
        tick(2000);
      }
      expect(screen.getByRole('heading', { name: 'Final score' })).toHaveFocus();
      expect(screen.getByRole('status')).toHaveTextContent(`${rights} / 5${message}`);
      await user.click(screen.getByRole('button', { name: 'Play Again' }));
      expect(screen.getByText('Question 1 of 5')).toBeVisible();
      expect(screen.getByText('Score: 0')).toBeVisible();
    },
  );
});
