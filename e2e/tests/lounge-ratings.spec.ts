import { expect, test } from '@playwright/test';
import { ADMIN, LEO, clearMyRatings, expectToast, loungePage, member } from '../support/lounge-api';

test("rating tonight's DJ twice shows Already Rated Tonight before the dialog opens", async ({
  browser,
}) => {
  // The seed has Maya's and Leo's ratings for tonight; the admin starts with none.
  await clearMyRatings(await member(ADMIN), 'DJ Nova');
  const { page, context } = await loungePage(browser, ADMIN);
  const card = page.getByRole('region', { name: "Tonight's DJ" });
  await expect(card).toContainText('DJ Nova');
  await expect(card).toContainText('LIVE NOW');
  const count = card.getByTestId('ratings-tonight');
  await expect(count).toHaveText(/^\d+ ratings? tonight$/);
  const before = Number((await count.textContent())?.match(/\d+/)?.[0]);
  expect(before).toBeGreaterThanOrEqual(2);
  await expect(card.getByText('Live Reviews')).toBeVisible();
  await expect(card).toContainText('Packed dance floor all night!');

  const comment = `Great set ${Date.now()}`;
  await page.getByRole('button', { name: 'Rate the DJ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rate the DJ' });
  const submit = dialog.getByRole('button', { name: 'Submit Rating' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('radio', { name: '4 stars' }).check();
  await dialog.getByLabel('Comments').fill(comment);
  await submit.click();
  await expectToast(
    page,
    '🌟 Thanks for the Feedback!',
    'Your rating helps us keep the vibes perfect',
  );
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(`${before + 1} ratings tonight`);
  await expect(card).toContainText(comment);

  // one rating per DJ per night: said before the dialog opens
  await page.getByRole('button', { name: 'Rate the DJ' }).click();
  await expectToast(
    page,
    'Already Rated Tonight! ⭐',
    "You've already shared your thoughts on tonight's DJ",
  );
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(`${before + 1} ratings tonight`);
  await context.close();
});

test('the DJ page lists active DJs by name and takes one rating per performance date', async ({
  browser,
}) => {
  // Lady Vinyl has no ratings in the seed; only this test rates her (as Leo).
  await clearMyRatings(await member(LEO), 'Lady Vinyl');
  const { page, context } = await loungePage(browser, LEO, '/djs');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(4);
  await expect(cards.getByRole('heading')).toHaveText([
    'DJ Nova',
    'DJ Sol',
    'Lady Vinyl',
    'Midnight Marcus',
  ]);
  const vinyl = cards.filter({ hasText: 'Lady Vinyl' });
  await expect(vinyl).toContainText('Throwback');
  await expect(vinyl).toContainText('(0 ratings)');

  await vinyl.getByRole('button', { name: 'Rate DJ: Lady Vinyl' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rate Lady Vinyl' });
  await expect(dialog.getByText('No reviews yet.')).toBeVisible();
  const date = dialog.getByLabel('Performance Date');
  await expect(date).not.toHaveValue('');
  const submit = dialog.getByRole('button', { name: 'Submit Rating' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('radio', { name: '5 stars' }).check();
  await dialog.getByLabel('Comment').fill('Pure 90s gold');
  await submit.click();
  await expectToast(page, 'Rating Submitted', 'Thank you for rating this DJ!');
  await expect(dialog).toBeHidden();
  await expect(vinyl).toContainText('5.0 (1 rating)');

  // Same DJ, same date: refused by the database.
  await vinyl.getByRole('button', { name: 'Rate DJ: Lady Vinyl' }).click();
  await expect(dialog.getByText('Pure 90s gold')).toBeVisible();
  await dialog.getByRole('radio', { name: '3 stars' }).check();
  await dialog.getByRole('button', { name: 'Submit Rating' }).click();
  await expectToast(
    page,
    'Already Rated',
    "You've already rated this DJ for this performance date",
  );
  await context.close();
});
