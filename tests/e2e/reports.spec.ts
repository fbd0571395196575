/**
 * The financial reports in Chromium (decision 058): an admin opens /admin/reports from the back
 * office's navigation and reads the demo portfolio's income statement over the last twelve months
 * (rent income posted by the demo leases' charges, the previous period beside it, the chart's
 * figures as a table) and downloads it as CSV, switches to the trial balance (debits equal credits)
 * the rent roll (a page of units, then the next) and the delinquency aging (the demo's overdue
 * tenants by age, largest debt first, the totals, the CSV), and a refused range
 * shows its message; the deposit liability (the deposits held, whose CSV adds up to the ledger's
 * total), the general ledger detail of an account (oldest first, its balances add up, another
 * account picked, the CSV), the maintenance KPIs (requests by priority adding up, the spend) and
 * the vendor payments of the year (largest first, W-9 status, a refused year); in Italian the same page reads in Italian; a property manager reaches
 * /dashboard/reports from the dashboard. Both pages pass axe and fit a phone's width.
 */
import fs from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { axeOn } from './page-checks';
import { expect, signInAs, test, waitForHydration } from './fixtures';

/** `YYYY-MM` of the month `delta` months from now (UTC). */
function monthFromNow(delta: number): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + delta, 1));
  return date.toISOString().slice(0, 7);
}

const YEAR = `from=${monthFromNow(-11)}&to=${monthFromNow(0)}`;

test('an admin reads the income statement and the trial balance of the portfolio', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await waitForHydration(page);
  await page.getByTestId('admin-nav-reports').click();
  await expect(page).toHaveURL(/\/admin\/reports$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Financial reports', level: 1 })).toBeVisible({ timeout: 20_000 });

  await page.goto(`/admin/reports?${YEAR}`);
  await waitForHydration(page);
  const statement = page.getByTestId('income-statement-table');
  await expect(statement.getByRole('caption')).toContainText('Income statement');
  const rent = page.getByTestId('income-row-4000');
  await expect(rent).toContainText('Rent income');
  // Twelve months of demo rent: some thousands of dollars at least.
  await expect(rent.getByRole('cell').first()).toHaveText(/^\$\d{1,3}(,\d{3})+\.\d{2}$/);
  await expect(page.getByTestId('net-income')).toContainText('Net operating income');
  // The chart's figures, in a closed disclosure: a row per month.
  await expect(page.getByTestId('income-chart-figures').locator('tbody tr')).toHaveCount(12);
  // The same report as a CSV file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reports-export').click()]);
  expect(download.suggestedFilename()).toBe(`income-statement-${monthFromNow(-11)}-${monthFromNow(0)}.csv`);
  const csv = await fs.readFile(await download.path(), 'utf8');
  expect(csv.split('\n')[0]).toBe('account_number,account,type,current_period,previous_period,change');
  expect(csv).toMatch(/^4000,Rent income,income,\d+\.\d{2},/m);

  await page.getByRole('link', { name: 'Trial balance' }).click();
  await expect(page).toHaveURL(/report=trial-balance/, { timeout: 20_000 });
  await expect(page.getByTestId('trial-balance-status')).toHaveText('Debits equal credits.');
  await expect(page.getByTestId('trial-row-1010')).toContainText('Trust cash');
  const totals = page.getByTestId('trial-balance-total').getByRole('cell');
  await expect(totals.nth(1)).not.toHaveText('');
  expect(await totals.nth(1).textContent()).toBe(await totals.nth(2).textContent());
  // The pointer leaves the tab it clicked (a hovered button is drawn darker).
  await page.mouse.move(0, 0);

  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The rent roll of today: a page of units (leased and vacant), then the next page.
  await page.getByRole('link', { name: 'Rent roll' }).click();
  await expect(page).toHaveURL(/report=rent-roll/, { timeout: 20_000 });
  const units = page.getByTestId('rent-roll-row');
  await expect(units).toHaveCount(100);
  await expect(page.locator('[data-testid="rent-roll-row"]:not([data-vacant])').first()).toContainText('$');
  const firstUnit = await units.first().getAttribute('data-unit');
  await page.getByTestId('rent-roll-pager-next').click();
  await expect(page).toHaveURL(/after=/, { timeout: 20_000 });
  await expect(units.first()).not.toHaveAttribute('data-unit', firstUnit!);
  // The other reports open on their first page, not at the rent roll's cursor.
  await expect(page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Deposits' })).toHaveAttribute(
    'href',
    /^\/admin\/reports\?report=deposits&asOf=\d{4}-\d{2}-\d{2}$/,
  );
  await page.mouse.move(0, 0);
  const rollResults = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(rollResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The delinquency aging of today: the demo's tenants who owe, largest debt first, the totals, the CSV.
  await page.getByRole('link', { name: 'Delinquency' }).click();
  await expect(page).toHaveURL(/report=aging/, { timeout: 20_000 });
  const owing = page.getByTestId('aging-row');
  await expect(owing.first()).toBeVisible();
  const totalOf = async (row: Locator) => {
    const text = (await row.getByRole('cell').nth(6).textContent()) ?? '';
    return Number(text.replace(/[^\d.]/g, ''));
  };
  const count = await owing.count();
  expect(await totalOf(owing.first())).toBeGreaterThanOrEqual(await totalOf(owing.nth(count - 1)));
  await expect(page.getByTestId('aging-total')).toContainText(/Total, \d+ leases?/);
  await expect(owing.first().getByRole('link')).toHaveAttribute('href', /\/admin\/tenants\//);
  const [agingDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reports-export').click()]);
  expect(agingDownload.suggestedFilename()).toMatch(/^delinquency-aging-\d{4}-\d{2}-\d{2}\.csv$/);
  const agingCsv = (await fs.readFile(await agingDownload.path(), 'utf8')).trim().split('\n');
  expect(agingCsv[0]).toBe(
    'building,unit,tenant,lease_status,current,days_1_30,days_31_60,days_61_90,days_over_90,total,last_payment_date,last_payment',
  );
  expect(agingCsv.length - 1).toBe(
    Number(/\d+/.exec((await page.getByTestId('aging-total').getByRole('rowheader').textContent()) ?? '')![0]),
  );
  await page.mouse.move(0, 0);
  const agingResults = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(agingResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // A refused range: 400, the message under the field and in the alert, no report.
  const refused = await page.goto('/admin/reports?from=2026-11&to=2026-01');
  expect(refused?.status()).toBe(400);
  await expect(page.getByTestId('reports-errors')).toHaveText('The end month must not be before the start month.');
  await expect(page.getByTestId('income-statement')).toHaveCount(0);
});

/** Dollars of a formatted amount (`$1,234.56` → 1234.56). */
function dollars(text: string | null): number {
  return Number((text ?? '').replace(/[^\d.-]/g, ''));
}

test('an admin reads the deposit liability and the vendor payments of the year', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/reports?report=deposits');
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: 'Deposits' })).toHaveAttribute('aria-current', 'page');
  const held = page.getByTestId('deposits-row');
  await expect(held.first()).toBeVisible();
  await expect(held.first().getByRole('link')).toHaveAttribute('href', /\/admin\/tenants\//);
  const total = dollars(await page.getByTestId('deposits-total').locator('p').nth(1).textContent());
  expect(total).toBeGreaterThan(0);
  // The export holds every lease of the selection; its deposits add up to what the ledger holds.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reports-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^deposit-liability-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await fs.readFile(await download.path(), 'utf8')).trim().split('\n');
  expect(lines[0]).toBe('building,unit,tenant,lease_status,lease_start,lease_end,move_out,deposit_held');
  const sum = lines.slice(1).reduce((cents, line) => cents + Math.round(Number(line.split(',').at(-1)) * 100), 0);
  expect(sum).toBe(Math.round(total * 100));
  await page.mouse.move(0, 0);
  const depositResults = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(depositResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The demo pays invoices over the past months: in January, look at the year before.
  const now = new Date();
  const year = now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  await page.getByRole('link', { name: 'Vendor payments' }).click();
  await expect(page).toHaveURL(/report=vendor-payments/, { timeout: 20_000 });
  await page.getByTestId('reports-filter-year').fill(String(year));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`year=${year}`), { timeout: 20_000 });
  const vendors = page.getByTestId('vendor-payments-row');
  await expect(vendors.first()).toBeVisible();
  const count = await vendors.count();
  const paidOf = async (index: number) => dollars(await vendors.nth(index).getByRole('cell').nth(2).textContent());
  expect(await paidOf(0)).toBeGreaterThanOrEqual(await paidOf(count - 1));
  await expect(vendors.first().getByRole('link')).toHaveAttribute('href', /\/admin\/vendors\/\d+$/);
  await expect(vendors.first().getByTestId('vendor-payments-w9')).toHaveText(/^(Verified|Not verified|Missing)$/);
  await expect(page.getByTestId('vendor-payments-summary')).toContainText(`in ${year}`);
  await expect(page.getByTestId('vendor-payments-total')).toContainText(`Total, ${count} vendor`);
  await page.mouse.move(0, 0);
  const vendorResults = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(vendorResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const refused = await page.goto('/admin/reports?report=vendor-payments&year=1999');
  expect(refused?.status()).toBe(400);
  await expect(page.getByTestId('reports-errors')).toHaveText('Enter a year between 2000 and 2100.');
  await expect(page.getByTestId('vendor-payments')).toHaveCount(0);
});

test('an admin reads the general ledger detail of an account, picks another one and exports it', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto(`/admin/reports?report=ledger&${YEAR}`);
  await waitForHydration(page);
  // Trust cash by default: the demo's payments and payouts of the year, oldest first.
  await expect(page.getByTestId('reports-filter-account')).toHaveValue('1010');
  await expect(page.getByTestId('ledger-table').getByRole('caption')).toContainText('1010 · Trust cash');
  const lines = page.getByTestId('ledger-row');
  await expect(lines.first()).toBeVisible();
  const dates = await lines.locator('td:first-child').allTextContents();
  const times = dates.map((text) => Date.parse(text));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  // The balance after the period is the balance before it plus debits less credits (an asset).
  const amount = async (key: string) => dollars(await page.getByTestId(`ledger-${key}`).locator('p').nth(1).textContent());
  const [opening, debits, credits, closing] = [
    await amount('opening'),
    await amount('debits'),
    await amount('credits'),
    await amount('closing'),
  ];
  expect(Math.round((opening + debits - credits) * 100)).toBe(Math.round(closing * 100));

  await page.getByTestId('reports-filter-account').selectOption('2100');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/account=2100/, { timeout: 20_000 });
  await expect(page.getByTestId('ledger-table').getByRole('caption')).toContainText('2100 · Security deposits held');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reports-export').click()]);
  expect(download.suggestedFilename()).toBe(`general-ledger-2100-${monthFromNow(-11)}-${monthFromNow(0)}.csv`);
  const csv = (await fs.readFile(await download.path(), 'utf8')).trim().split('\n');
  expect(csv[0]).toBe('date,entry,source,memo,building,unit,debit,credit');
  expect(csv.length).toBeGreaterThan(1);
  await page.mouse.move(0, 0);
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const refused = await page.goto('/admin/reports?report=ledger&account=9999');
  expect(refused?.status()).toBe(400);
  await expect(page.getByTestId('reports-errors')).toHaveText('There is no such account in the chart of accounts.');
});

test('an admin reads the maintenance KPIs of the year: requests by priority and the repair spend', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto(`/admin/reports?report=maintenance&${YEAR}`);
  await waitForHydration(page);
  await expect(page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Maintenance' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const table = page.getByTestId('maintenance-kpis-table');
  await expect(table.getByRole('caption')).toContainText('Maintenance requests opened in');
  for (const priority of ['Emergency', 'Urgent', 'Routine'])
    await expect(table.getByRole('rowheader', { name: priority, exact: true })).toBeVisible();
  // The total row adds up the priorities' requests, and the demo has some.
  const opened = async (testId: string) => Number(await page.getByTestId(testId).getByRole('cell').first().textContent());
  const total = await opened('maintenance-total');
  expect(total).toBeGreaterThan(0);
  expect(
    (await opened('maintenance-priority-emergency')) +
      (await opened('maintenance-priority-urgent')) +
      (await opened('maintenance-priority-routine')),
  ).toBe(total);
  await expect(page.getByRole('heading', { name: /Repair and capital spend: \$/ })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reports-export').click()]);
  expect(download.suggestedFilename()).toBe(`maintenance-kpis-${monthFromNow(-11)}-${monthFromNow(0)}.csv`);
  await page.mouse.move(0, 0);
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('an admin reads the cash flows of the year: operations and owners add up to the change in cash', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto(`/admin/reports?report=cash-flow&${YEAR}`);
  await waitForHydration(page);
  const table = page.getByTestId('cash-flow-table');
  await expect(table.getByRole('caption')).toContainText('Statement of cash flows');
  await expect(page.getByTestId('cash-flow-net-income').getByRole('rowheader')).toHaveText('Net operating income');
  await expect(page.getByTestId('cash-flow-owners').getByRole('rowheader')).toHaveText('Net cash from owners');
  // The lines add up to the change in cash (no warning), and the e2e data's rent moved cash.
  await expect(page.getByTestId('cash-flow-net-change').getByRole('cell').first()).not.toHaveText('$0.00');
  await expect(page.getByTestId('cash-flow-check')).toHaveCount(0);
  await expect(page.getByTestId('cash-flow-closing').getByRole('rowheader')).toHaveText('Cash at the end of the period');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reports-export').click()]);
  expect(download.suggestedFilename()).toBe(`cash-flow-${monthFromNow(-11)}-${monthFromNow(0)}.csv`);
  await page.mouse.move(0, 0);
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('an admin reads occupancy over time from its tab: twelve months, each adding up, and the CSV', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/reports');
  await waitForHydration(page);
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Occupancy' }).click();
  const table = page.getByTestId('occupancy-table');
  await expect(table.getByRole('caption')).toContainText('Units leased and vacant at the end of each month', { timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`report=occupancy&from=${monthFromNow(-11)}&to=${monthFromNow(0)}`));
  const rows = page.getByTestId('occupancy-row');
  await expect(rows).toHaveCount(12);
  // Each month: leased + vacant = units, and this month the demo's portfolio has leases.
  for (const index of [0, 11]) {
    const cells = rows.nth(index).getByRole('cell');
    const number = async (cell: number) => Number(await cells.nth(cell).textContent());
    const [units, leased, vacant] = [await number(0), await number(1), await number(2)];
    expect(units).toBeGreaterThan(0);
    if (index === 11) expect(leased).toBeGreaterThan(0);
    expect(leased + vacant).toBe(units);
  }
  await expect(page.getByRole('heading', { name: 'Leased and vacant units by month' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reports-export').click()]);
  expect(download.suggestedFilename()).toBe(`occupancy-${monthFromNow(-11)}-${monthFromNow(0)}.csv`);
  await page.mouse.move(0, 0);
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('a property manager opens their reports from the dashboard, and the page fits a phone', async ({ page }) => {
  await signInAs(page, 'property_manager');
  await page.goto('/dashboard');
  await waitForHydration(page);
  await expect(page.getByTestId('dashboard-reports-link')).toHaveText('Financial reports');
  await page.getByTestId('dashboard-reports-link').click();
  // A client navigation: the route's code and data load first (slow on a busy CI machine).
  await expect(page).toHaveURL(/\/dashboard\/reports$/, { timeout: 20_000 });
  await expect(page.getByTestId('reports-page')).toBeVisible({ timeout: 20_000 });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/dashboard/reports?${YEAR}`);
  await waitForHydration(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test.describe('in Italian', () => {
  test.use({ language: 'it' });

  test('the income statement and the trial balance read in Italian', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto(`/admin/reports?${YEAR}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Report finanziari', level: 1 })).toBeVisible();
    await expect(page.getByTestId('income-row-4000')).toContainText('Canoni di locazione');
    await expect(page.getByTestId('net-income')).toContainText('Risultato operativo netto');
    await page.getByRole('link', { name: 'Bilancio di verifica' }).click();
    await expect(page.getByTestId('trial-balance-status')).toHaveText('Il totale dare è uguale al totale avere.');
    await expect(page.getByTestId('trial-row-1010')).toContainText('Conto fiduciario');
    await page.getByRole('link', { name: 'Morosità' }).click();
    await expect(page.getByTestId('aging-total')).toContainText(/Totale, \d+ contratt[oi]/, { timeout: 20_000 });
    await expect(page.getByTestId('aging-table').locator('thead')).toContainText('Oltre 90 giorni');
    await page.getByRole('link', { name: 'Libro mastro' }).click();
    await expect(page.getByTestId('ledger-opening')).toContainText('Saldo prima del periodo', { timeout: 20_000 });
    await page.getByRole('navigation', { name: 'Report' }).getByRole('link', { name: 'Manutenzione' }).click();
    await expect(page.getByTestId('maintenance-total')).toContainText('Tutte le priorità', { timeout: 20_000 });
    await page.getByRole('link', { name: 'Flussi di cassa' }).click();
    await expect(page.getByTestId('cash-flow-net-change')).toContainText('Variazione netta della cassa', { timeout: 20_000 });
    await page.getByRole('link', { name: 'Occupazione' }).click();
    await expect(page.getByTestId('occupancy-table').getByRole('columnheader', { name: 'Sfitte' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Depositi' }).click();
    await expect(page.getByTestId('deposits-total')).toContainText('Depositi cauzionali detenuti al', { timeout: 20_000 });
    await page.getByRole('link', { name: 'Pagamenti fornitori' }).click();
    await expect(page.getByTestId('vendor-payments-table').or(page.getByTestId('vendor-payments-empty'))).toContainText(
      /Fornitore|Nessun pagamento/,
      { timeout: 20_000 },
    );
  });
});
