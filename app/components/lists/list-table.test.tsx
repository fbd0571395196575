// @vitest-environment happy-dom
/**
 * The back-office list table (app/components/lists/list-table.tsx; STYLE.md "one of each small
 * mechanism: keyset cursor + pager + list table"): with nothing to show it renders the empty
 * state's title and text and no table; with rows it renders one table with its caption, one
 * `scope="col"` header per column (amounts aligned right) and the caller's rows. Texts and test
 * ids named by the lists' convention (`texts`) render what the same texts given one by one do.
 */
import { Table } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
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

describe("ListTable by the lists' convention", () => {
  const rows = (
    <Table.Tr>
      <Table.Td>Ada Lovelace</Table.Td>
      <Table.Td ta="right">$0.00</Table.Td>
    </Table.Tr>
  );

  /** The tenants directory's table, its texts and test ids given one by one (English texts). */
  function explicitTenants(isEmpty: boolean, filtered: boolean) {
    return (
      <ListTable
        isEmpty={isEmpty}
        empty={{
          icon: <IconUserSearch size={30} aria-hidden />,
          title: filtered ? 'No tenant matches' : 'No tenants yet',
          body: filtered ? 'Try another search or clear the filters.' : 'Tenants appear here once a lease is signed.',
          testId: 'tenants-empty',
        }}
        minWidth={760}
        caption="Tenants, newest lease first"
        columns={[
          { label: 'Tenant' },
          { label: 'Unit' },
          { label: 'Lease' },
          { label: 'Lease ends' },
          { label: 'Balance', align: 'right' },
        ]}
        testId="tenants-table"
      >
        {rows}
      </ListTable>
    );
  }

  function conventionTenants(isEmpty: boolean, filtered: boolean) {
    return (
      <ListTable
        texts="tenants.list"
        columns={['tenant', 'unit', 'lease', 'leaseEnd', { key: 'balance', align: 'right' }]}
        icon={IconUserSearch}
        filtered={filtered}
        isEmpty={isEmpty}
        minWidth={760}
        testIdPrefix="tenants"
      >
        {rows}
      </ListTable>
    );
  }

  it.each([
    ['the table', false, false],
    ['the empty state', true, false],
    ['the empty state of a filtered list', true, true],
  ])('renders %s as the same texts given one by one do', (_, isEmpty, filtered) => {
    const explicit = renderWithProviders(explicitTenants(isEmpty, filtered)).container.innerHTML;
    const convention = renderWithProviders(conventionTenants(isEmpty, filtered)).container.innerHTML;
    expect(convention).toBe(explicit);
  });

  it("takes the empty state's texts and heading level where they differ from the convention", () => {
    renderWithProviders(
      <ListTable
        texts="tenants.list"
        columns={['tenant']}
        icon={IconUserSearch}
        empty={{ body: 'Ask the office.', titleOrder: 3 }}
        isEmpty
        minWidth={600}
        testIdPrefix="tenants"
      >
        {null}
      </ListTable>,
    );
    const state = screen.getByTestId('tenants-empty');
    expect(within(state).getByRole('heading', { level: 3 }).textContent).toBe('No tenants yet');
    expect(state.textContent).toContain('Ask the office.');
  });
});
