import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WordChainPage } from './word-chain-page';
import { loadDictionary } from './dictionary';
import { renderAt } from '../../test/render';

async function playWord(user: ReturnType<typeof userEvent.setup>, word: string) {
  const input = screen.getByRole('textbox', { name: 'Your word' });
  await user.clear(input);
  await user.type(input, `${word}{Enter}`);
}

describe('WordChainPage', () => {
  it('sets up with 2 players and a starting word from a list of 8', () => {
    renderAt(<WordChainPage />, '/games/word-chain');
    const players = screen.getByRole('group', { name: 'Number of players' });
    const counts = screen.getAllByRole('radio').filter((r) => players.contains(r));
    expect(counts.map((r) => (r as HTMLInputElement).value)).toEqual([
      '2',
      '3',
      '4',
      '5',
      '6',
      '8',
    ]);
    expect(screen.getByRole('radio', { name: '2' })).toBeChecked();
    const words = screen.getByRole('group', { name: 'Starting word' });
    expect(screen.getAllByRole('radio').filter((r) => words.contains(r))).toHaveLength(8);
  });

  it('plays valid words in turn and turns down each kind of bad word', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<WordChainPage />, '/games/word-chain');
    await user.click(screen.getByRole('radio', { name: '3' }));
    await user.click(screen.getByRole('radio', { name: 'rhythm' }));
    await user.click(screen.getByRole('button', { name: 'Start Game' }));

    expect(screen.getByText(/Player 1's turn/)).toHaveTextContent('Next word starts with M');
    expect(screen.getByText('3 players')).toBeVisible();
    // The real word list arrives.
    expect(
      await screen.findByRole('button', { name: 'Submit' }, { timeout: 15_000 }),
    ).toBeDisabled();

    await playWord(user, 'Mango');
    expect(screen.getByText(/Player 2's turn/)).toHaveTextContent('Next word starts with O');
    expect(screen.getByRole('textbox', { name: 'Your word' })).toHaveValue('');

    await playWord(user, 'orange');
    expect(screen.getByText(/Player 3's turn/)).toHaveTextContent('Next word starts with E');

    await playWord(user, 'tiger');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your word must start with the letter "E".',
    );
    expect(screen.getByText(/Player 3's turn/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Your word' })).toHaveValue('tiger');

    await playWord(user, 'exqzt');
    expect(screen.getByRole('alert')).toHaveTextContent('"exqzt" is not a valid word.');

    await playWord(user, 'eagle');
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(screen.getByText(/Player 1's turn/)).toBeVisible();

    await playWord(user, 'eagle');
    expect(screen.getByRole('alert')).toHaveTextContent('"eagle" has already been used!');

    expect(screen.getByRole('heading', { name: 'Used words (4)' })).toBeVisible();
    const used = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(used).toEqual(['rhythmstart', 'mangoPlayer 1', 'orangePlayer 2', 'eaglePlayer 3']);
  });

  it('keeps Submit disabled for fewer than 2 letters', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<WordChainPage />, '/games/word-chain');
    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    await screen.findByRole('button', { name: 'Submit' }, { timeout: 15_000 });
    await user.type(screen.getByRole('textbox', { name: 'Your word' }), 'c');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Your word' }), 'a');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('goes back to setup for a new game', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(<WordChainPage />, '/games/word-chain');
    await user.click(screen.getByRole('button', { name: 'Start Game' }));
    await user.click(screen.getByRole('button', { name: 'New Game' }));
    expect(screen.getByRole('button', { name: 'Start Game' })).toBeVisible();
  });

  it('offers Retry when the word list cannot be loaded', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    const load = () => (fail ? Promise.reject(new Error('offline')) : loadDictionary());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(<WordChainPage load={load} />, '/games/word-chain');
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      "Couldn't load the word list",
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(
      await screen.findByRole('button', { name: 'Start Game' }, { timeout: 15_000 }),
    );
    expect(
      await screen.findByRole('button', { name: 'Submit' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});
