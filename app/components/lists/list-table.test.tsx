// @vitest-environment happy-dom
/**
 * The back-office list table (app/components/lists/list-table.tsx; STYLE.md "one of each small
 * mechanism: keyset cursor + pager + list table"): with nothing to show it renders the empty
 * state's title and text and no table; with rows it renders one table with its caption, one
 * `scope="col"` header per column (amounts aligned right) and the caller's rows.
 */
import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/test/render';
import { ListTable } from './list-table';

const columns = [{ label: 'Tenant' }, { label: 'Balance', align: 'right' as const }];
const empty = { icon: <span aria-hidden>·</span>, title: 'No tenants match', body: 'Try another building.', testId: 'tenants-empty' };

describe('ListTable', () => {
  it('shows the empty state, and no table, when there is nothing to list', () => {
    renderWithProviders(
      <ListTable isEmpty empty={empty} caption="Tenants" testId="tenants-table" minWidth={600} columns={columns}>
        {null}
      </ListTable>,
    );
    const state = screen.getByTestId('tenants-empty');
    expect(within(state).getByRole('heading', { level: 2, name: 'No tenants match' })).toBeTruthy();
    expect(state.textContent).toContain('Try another building.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('tenants-table')).toBeNull();
  });

  it('shows the caption, one column header per column and the rows when there are some', () => {
    renderWithProviders(
      <ListTable isEmpty={false} empty={empty} caption="Tenants" testId="tenants-table" minWidth={600} columns={columns}>
        {['Ada Lovelace', 'Alan Turing'].map((name) => (
          <Table.Tr key={name}>
            <Table.Td>{name}</Table.Td>
            <Table.Td ta="right">$0.00</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>,
    );
    const table = screen.getByRole('table', { name: 'Tenants' });
    expect(table.getAttribute('data-testid')).toBe('tenants-table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Tenant', 'Balance']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(headers[1]!.style.textAlign).toBe('right');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(screen.queryByTestId('tenants-empty')).toBeNull();
  });
});
