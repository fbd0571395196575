/**
 * The booking form's steps as a guest walks them (spec §2 /booking/{id}), shared by the journeys
 * that need an application on its way: the booking journey itself, the fee settings of
 * /admin/system and the test-mode notice.
 */
import { expect, type Page } from '@playwright/test';
import { waitForHydration } from './fixtures';

const DAY_MS = 86_400_000;

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `date` (ISO) plus `months`, on the same day or the month's last. */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return iso(target.getTime());
}

/** An address no other test uses, e.g. `guest.1764410000000.123456@example.com`. */
export function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Opens the first sample home (ids 1–6) whose page offers "Apply" and answers its id. */
export async function findAvailableHome(page: Page): Promise<number> {
  for (let id = 1; id <= 6; id += 1) {
    await page.goto(`/property/${id}`);
    if (await page.getByTestId('apply-button').isVisible()) return id;
  }
  throw new Error('no available sample home');
}

/** Step 1 on the open booking page: a move-in a month from now (or when the home is free, if later), a one-year stay, one adult. */
export async function fillStay(page: Page): Promise<{ moveIn: string; moveOut: string }> {
  const availableFrom = await page
    .getByTestId('booking-home-available')
    .getAttribute('data-date')
    .catch(() => null);
  const soon = iso(Date.now() + 30 * DAY_MS);
  const moveIn = availableFrom && availableFrom > soon ? availableFrom : soon;
  const stay = { moveIn, moveOut: addMonths(moveIn, 12) };
  await page.getByLabel('Move-in date').fill(stay.moveIn);
  await page.getByLabel('Move-out date').fill(stay.moveOut);
  await page.getByLabel('Adults').fill('1');
  await page.getByLabel('Children').fill('0');
  return stay;
}

/** Step 2: Ada Lovelace of Austin, with `email` and a special request. */
export async function fillDetails(page: Page, email: string): Promise<void> {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+1 512 555 0100');
  await page.getByLabel('Current address').fill('1 Main Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('ZIP code').fill('78701');
  await page.getByLabel('Country').selectOption('US');
  await page.getByLabel('Special requests').fill('A quiet floor, please.');
}

/** Opens an available home, follows its Apply button and walks steps 1 and 2 (JavaScript on); answers the home's id. */
export async function reachConfirmation(page: Page, email: string): Promise<number> {
  const id = await findAvailableHome(page);
  await page.getByTestId('apply-button').click();
  // A client-side navigation that loads the booking page's code: slow on a loaded machine.
  await expect(page).toHaveURL(new RegExp(`/booking/${id}$`), { timeout: 15_000 });
  await waitForHydration(page);
  await fillStay(page);
  await page.getByTestId('booking-next').click();
  await expect(page).toHaveURL(/step=details/, { timeout: 15_000 });
  await fillDetails(page, email);
  await page.getByTestId('booking-next').click();
  await expect(page).toHaveURL(/step=confirm/, { timeout: 15_000 });
  return id;
}
