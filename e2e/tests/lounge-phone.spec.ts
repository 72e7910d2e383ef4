import { expect, test } from '@playwright/test';
import { createMember } from '../support/guest-accounts';
import {
  createRequest,
  loungePage,
  member,
  requestRow,
  staffSetStatus,
  uniqueTag,
} from '../support/lounge-api';

/** A song played earlier tonight (staff marked it), so Played Tonight has something in it. */
async function playedEarlier() {
  const { email } = await createMember('played', { firstName: 'Pat', lastName: 'Played' });
  const request = await createRequest(await member(email), `Warm Up ${uniqueTag()}`, 'Opener');
  await staffSetStatus(request.id, 'played');
}

// The lounge on a phone: the night first (the request buttons, Now Playing, Up Next), the DJ's
// card after them; a new request is shown where it landed; Played Tonight is a tap away.
test('on a phone the request action comes first and a new request is shown where it landed', async ({
  browser,
}) => {
  await playedEarlier();
  const { email } = await createMember('phone', { firstName: 'Pia', lastName: 'Phone' });
  const { page, context } = await loungePage(browser, email);
  await page.setViewportSize({ width: 375, height: 740 });
  const drop = page.getByRole('button', { name: 'Drop a Request' });
  await expect(drop).toBeVisible();
  const dropBox = (await drop.boundingBox())!;
  expect(dropBox.y + dropBox.height).toBeLessThanOrEqual(740);

  // Now Playing and Up Next come before the DJ's card
  const order = await page.evaluate(() => {
    const at = (el: Element | null) => (el ? el.getBoundingClientRect().top + window.scrollY : -1);
    return {
      nowPlaying: at(document.getElementById('now-playing')),
      upNext: at(document.getElementById('up-next')),
      dj: at(document.querySelector('section[aria-label="Tonight\'s DJ"]')),
    };
  });
  expect(order.nowPlaying).toBeGreaterThan(0);
  expect(order.nowPlaying).toBeLessThan(order.dj);
  expect(order.upNext).toBeLessThan(order.dj);

  // Played Tonight is one tap away
  await page
    .getByRole('navigation', { name: "Parts of tonight's list" })
    .getByRole('link', { name: 'Played Tonight' })
    .click();
  await expect(page.getByRole('heading', { name: 'Played Tonight' })).toBeInViewport();

  const title = `Phone Anthem ${uniqueTag()}`;
  await page.evaluate(() => window.scrollTo(0, 0));
  await drop.click();
  const dialog = page.getByRole('dialog', { name: 'Drop a Request' });
  await dialog.getByLabel('Song Title').fill(title);
  await dialog.getByLabel('Artist').fill('The Pocket Band');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  const row = requestRow(page, title);
  await expect(row).toHaveAttribute('data-spotlight', '');
  await expect(row).toBeInViewport();
  await context.close();
});
