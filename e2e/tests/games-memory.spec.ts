import { expect, test, type Locator } from '@playwright/test';
import { seedBrowserSession } from '../support/session';

test('a member completes a memory match level and the next one is one step longer', async ({
  page,
}) => {
  await seedBrowserSession(page, 'maya@example.com', 'password123');
  await page.clock.install();
  await page.goto('/games/memory-match');
  const main = page.locator('main [data-area="games"][data-route="/games/memory-match"]');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Memory Match');
  await page.clock.pauseAt(Date.now() + 2_000);

  const pads = main.getByRole('group', { name: 'Memory pads' });
  const lit = pads.locator('[data-lit="true"]');
  const status = main.getByRole('status');

  /** Plays the sequence on the paused clock and writes down each lit pad. */
  async function watch(steps: number): Promise<string[]> {
    const seen: string[] = [];
    for (let i = 0; i < steps; i++) {
      await page.clock.runFor(599);
      await expect(lit).toHaveCount(0);
      await page.clock.runFor(1);
      await expect(lit).toHaveCount(1);
      seen.push((await lit.textContent()) ?? '');
      await page.clock.runFor(400);
      await expect(lit).toHaveCount(0);
    }
    return seen;
  }

  async function press(sequence: string[], target: Locator) {
    for (const name of sequence) await target.getByRole('button', { name }).click();
  }

  await main.getByRole('button', { name: 'Start Game' }).click();
  await expect(main.getByText('Level 1')).toBeVisible();
  await expect(status).toHaveText('Watch the sequence…');
  const first = await watch(3);
  await expect(status).toHaveText('Your turn: repeat the sequence (0 of 3)');

  await press(first, pads);
  await expect(status).toHaveText('Level 1 complete! +10 points');
  await expect(main.getByText('Score: 10')).toBeVisible();

  await page.clock.runFor(1_500);
  await expect(main.getByText('Level 2')).toBeVisible();
  const second = await watch(4);
  expect(second.slice(0, 3)).toEqual(first);
  await expect(status).toHaveText('Your turn: repeat the sequence (0 of 4)');

  // Level 2 by keyboard.
  for (const name of second) {
    await pads.getByRole('button', { name }).focus();
    await page.keyboard.press('Enter');
  }
  await expect(status).toHaveText('Level 2 complete! +20 points');
  await expect(main.getByText('Score: 30')).toBeVisible();
});
