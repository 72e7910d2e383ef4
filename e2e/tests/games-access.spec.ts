import { expect, test } from '@playwright/test';
import { seedBrowserSession } from '../support/session';

test.describe('games: who gets in', () => {
  for (const [path, title] of [
    ['/games/trivia-blast', 'Trivia Blast'],
    ['/games/word-chain', 'Word Chain'],
    ['/games/memory-match', 'Memory Match'],
  ] as const) {
    test(`a visitor opening ${path} is sent to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    });
  }

  test('a visitor on /games is asked to sign in', async ({ page }) => {
    await page.goto('/games');
    const hub = page.locator('main [data-area="games"][data-route="/games"]');
    await expect(hub.getByRole('heading', { name: 'Sign In Required' })).toBeVisible();
    await expect(hub.getByRole('link', { name: /Play/ })).toHaveCount(0);
    await hub.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  for (const [path, title] of [
    ['/games/guess-the-throwback', 'Guess the Throwback'],
    ['/games/beat-the-clock', 'Beat the Clock'],
    ['/games/rap-it-or-scrap-it', 'Rap It or Scrap It'],
  ] as const) {
    test(`${path} is coming soon and links back to /games`, async ({ page }) => {
      await page.goto(path);
      const main = page.locator(`main [data-area="games"][data-route="${path}"]`);
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(main.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
      await main.getByRole('link', { name: 'Back to Games' }).click();
      await expect(page).toHaveURL(/\/games$/);
      await expect(page.locator('main [data-route="/games"]')).toBeVisible();
    });
  }

  test('a member sees the games, their difficulty and 0 points', async ({ page }) => {
    await seedBrowserSession(page, 'maya@example.com', 'password123');
    await page.goto('/games');
    const hub = page.locator('main [data-area="games"][data-route="/games"]');
    await expect(hub.getByText('Your points:')).toHaveText('Your points: 0');
    for (const [title, difficulty, href] of [
      ['Trivia Blast', 'Medium', '/games/trivia-blast'],
      ['Word Chain', 'Hard', '/games/word-chain'],
      ['Memory Match', 'Easy', '/games/memory-match'],
    ] as const) {
      const card = hub.getByRole('article', { name: title });
      await expect(card.getByText(difficulty, { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: `Play ${title}` })).toHaveAttribute('href', href);
    }
    await hub.getByRole('link', { name: 'Take a look at Beat the Clock (coming soon)' }).click();
    await expect(page).toHaveURL(/\/games\/beat-the-clock$/);
  });
});
