import { expect, test } from '@playwright/test';
import { seedBrowserSession } from '../support/session';

test('a member plays Trivia Blast to the end and sees a score message that fits', async ({
  page,
}) => {
  await seedBrowserSession(page, 'maya@example.com', 'password123');
  await page.clock.install();
  await page.goto('/games/trivia-blast');
  const main = page.locator('main [data-area="games"][data-route="/games/trivia-blast"]');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Trivia Blast');
  // From here on time only moves when the test moves it.
  await page.clock.pauseAt(Date.now() + 2_000);

  await main.getByRole('button', { name: 'Start Trivia' }).click();
  await expect(main.getByText('Question 1 of 5')).toBeVisible();
  const timer = main.getByRole('timer', { name: 'Time left' });
  await expect(timer).toHaveText('15s');
  await page.clock.runFor(1_000);
  await expect(timer).toHaveText('14s');

  // Question 1: let the 15 s run out; it counts as wrong.
  const result = main.getByRole('status');
  await page.clock.runFor(14_000);
  await expect(result).toContainText("Time's up! The answer was");
  await expect(main.getByText('Score: 0')).toBeVisible();
  await page.clock.runFor(2_000);

  // Questions 2-5: pick the first option each time.
  let score = 0;
  for (let n = 2; n <= 5; n++) {
    await expect(main.getByText(`Question ${n} of 5`)).toBeVisible();
    await main.getByRole('listitem').first().getByRole('button').click();
    await expect(result).toHaveText(/^(Correct!|Wrong! The answer was .+)$/);
    if ((await result.textContent()) === 'Correct!') score += 1;
    await expect(main.getByText(`Score: ${score}`)).toBeVisible();
    // The reveal lasts 2 s.
    await page.clock.runFor(1_900);
    await expect(main.getByText(`Question ${n} of 5`)).toBeVisible();
    await page.clock.runFor(100);
  }

  await expect(main.getByRole('heading', { name: 'Final score' })).toBeVisible();
  const message = score === 5 ? 'Perfect' : score * 2 >= 5 ? 'Great job' : 'Keep practicing';
  await expect(main.getByRole('status')).toHaveText(`${score} / 5${message}`);

  await main.getByRole('button', { name: 'Play Again' }).click();
  await expect(main.getByText('Question 1 of 5')).toBeVisible();
  await expect(main.getByText('Score: 0')).toBeVisible();
});
