import { expect, test } from '@playwright/test';
import { countRows, createMember } from '../support/admin-api';
import { openDashboard } from '../support/admin-page';

// More members than one page (25) holds: the server pages, counts and searches.
// The timings at 5,000 and 50,000 profiles are printed by `npm run bench`
// (tools/bench/admin-users.mjs), not measured here.
const TARGET = 60;
const CONCURRENCY = 4;

test('the Users tab pages, counts and searches on the server', async ({ page }) => {
  test.setTimeout(5 * 60_000);

  // Members sign up through the auth API (no SQL): the trigger creates each profile.
  let next = await countRows('profiles?email=like.scale.user.*');
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TARGET) {
        const i = next++;
        await createMember(`scale.user.${i}@example.com`, `Scale${i}`, `Member${i}`);
      }
    }),
  );
  expect(await countRows('profiles?email=like.scale.user.*')).toBeGreaterThanOrEqual(TARGET);
  const everyone = await countRows('profiles');

  await openDashboard(page);
  await page.getByRole('tab', { name: 'Users', exact: true }).click();
  const users = page.getByRole('region', { name: 'Users', exact: true });
  // Other tests may add members meanwhile: at least everyone counted above.
  await expect(users.getByTestId('users-total')).toHaveText(/^\d+ users$/);
  const shown = Number(
    ((await users.getByTestId('users-total').textContent()) ?? '').replace(/\D/g, ''),
  );
  expect(shown).toBeGreaterThanOrEqual(everyone);
  await expect(users.getByRole('listitem')).toHaveCount(25);

  const box = users.getByRole('searchbox', { name: 'Search users by name or e-mail' });
  await box.fill('scale.user.43@');
  await expect(users.getByTestId('users-total')).toHaveText('1 user matching "scale.user.43@"');
  await expect(users.getByRole('listitem', { name: 'Scale43 Member43' })).toBeVisible();

  await box.fill('Scale43 Member43');
  await expect(users.getByTestId('users-total')).toHaveText('1 user matching "Scale43 Member43"');
  await expect(users.getByRole('listitem')).toHaveCount(1);

  await box.fill('');
  await expect(users.getByTestId('users-total')).toHaveText(/^\d+ users$/);
  await users.getByRole('button', { name: 'Next' }).click();
  await expect(users.getByText(/Page 2 of \d+/)).toBeVisible();
  await expect(users.getByRole('listitem')).toHaveCount(25);
});
