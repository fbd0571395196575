// @vitest-environment happy-dom
/**
 * The titled section card (app/components/section-card.tsx) and the scrolling table
 * (app/components/lists/list-table.tsx): a card is a `<section>` landmark named by its heading,
 * with its description, and says there is nothing to show instead of its content when empty; a
 * scrolling table has its caption, `scope="col"` headers aligned as asked, and the caller's rows.
 */
import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/test/render';
import { ScrollTable } from './lists/list-table';
import { SectionCard } from './section-card';

describe('SectionCard', () => {
  it('is a region named by its heading, with its description and content', () => {
    renderWithProviders(
      <SectionCard titleId="payments-title" title="Payments" description="The last twelve months." data-testid="payments">
        <p>Three payments</p>
      </SectionCard>,
    );
    const section = screen.getByRole('region', { name: 'Payments' });
    expect(section.tagName).toBe('SECTION');
    expect(section.getAttribute('data-testid')).toBe('payments');
    expect(within(section).getByRole('heading', { level: 2, name: 'Payments' }).id).toBe('payments-title');
    expect(section.textContent).toContain('The last twelve months.');
    expect(section.textContent).toContain('Three payments');
  });

  it('says there is nothing to show, instead of its content, when empty', () => {
    renderWithProviders(
      <SectionCard titleId="threads-title" title="Messages" order={3} isEmpty emptyText="No messages yet.">
        <p>A thread</p>
      </SectionCard>,
    );
    const section = screen.getByRole('region', { name: 'Messages' });
    expect(within(section).getByRole('heading', { level: 3 })).toBeTruthy();
    expect(section.textContent).toContain('No messages yet.');
    expect(section.textContent).not.toContain('A thread');
  });
});

describe('ScrollTable', () => {
  it('renders the caption, one scope="col" header per column and the rows', () => {
    renderWithProviders(
      <ScrollTable
        minWidth={560}
        caption="Ledger"
        columns={[{ label: 'Date' }, { label: 'Amount', align: 'right' }, { label: 'Count', align: 'end' }]}
        data-testid="ledger"
      >
        <Table.Tr>
          <Table.Td>2026-01-01</Table.Td>
          <Table.Td>$10.00</Table.Td>
          <Table.Td>1</Table.Td>
        </Table.Tr>
      </ScrollTable>,
    );
    const table = screen.getByRole('table', { name: 'Ledger' });
    expect(table.getAttribute('data-testid')).toBe('ledger');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Date', 'Amount', 'Count']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(headers.map((header) => header.style.textAlign)).toEqual(['', 'right', 'end']);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });
});
