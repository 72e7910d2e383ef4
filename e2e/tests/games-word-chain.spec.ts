import { expect, test } from '@playwright/test';
import { seedBrowserSession } from '../support/session';

test('a member plays word chain: two valid words and turned-down ones', async ({ page }) => {
  const wordList: string[] = [];
  page.on('request', (req) => {
    if (/\/english-words\.[0-9a-f]+\.js$/.test(req.url())) wordList.push(req.url());
  });
  await seedBrowserSession(page, 'maya@example.com', 'password123');
  await page.goto('/games');
  const hub = page.locator('main [data-area="games"][data-route="/games"]');
  await expect(hub.getByRole('link', { name: 'Play Word Chain' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The word list is its own chunk, fetched only by the word-chain page.
  expect(wordList).toEqual([]);

  await hub.getByRole('link', { name: 'Play Word Chain' }).click();
  const main = page.locator('main [data-area="games"][data-route="/games/word-chain"]');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Word Chain');
  await expect(main.getByRole('radio', { name: '2', exact: true })).toBeChecked();
  await main.getByRole('radio', { name: 'music' }).check();
  await main.getByRole('button', { name: 'Start Game' }).click();
  await expect.poll(() => wordList.length).toBe(1);

  const input = main.getByRole('textbox', { name: 'Your word' });
  const turn = main.getByText(/Player \d's turn/);
  const error = main.getByRole('alert');
  await expect(turn).toContainText("Player 1's turn");
  await expect(turn).toContainText('Next word starts with C');

  await input.fill('cat');
  await main.getByRole('button', { name: 'Submit' }).click();
  await expect(turn).toContainText("Player 2's turn");
  await expect(turn).toContainText('Next word starts with T');
  await expect(input).toHaveValue('');

  await input.fill('tiger');
  await input.press('Enter');
  await expect(turn).toContainText("Player 1's turn");
  await expect(turn).toContainText('Next word starts with R');

  await input.fill('rqxz');
  await input.press('Enter');
  await expect(error).toHaveText('"rqxz" is not a valid word.');
  await expect(turn).toContainText("Player 1's turn");

  await input.fill('music');
  await input.press('Enter');
  await expect(error).toHaveText('"music" has already been used!');

  await input.fill('apple');
  await input.press('Enter');
  await expect(error).toHaveText('Your word must start with the letter "R".');
  await expect(turn).toContainText("Player 1's turn");

  await expect(main.getByRole('heading', { name: 'Used words (3)' })).toBeVisible();
  await expect(main.getByRole('listitem')).toHaveText([/^music/, /^cat/, /^tiger/]);
});
