/**
 * The review list: one row per application (reference, applicant, home, stay, status, payment,
 * submitted). The reference opens the application's panel (`?id=`, a plain link that keeps the
 * filters). An empty list says whether nothing matches the filters or nothing exists yet.
 */
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { IconFileSearch } from '@tabler/icons-react';
import { DateTimeCell, ListTable, TwoLineCell } from '~/components/lists/list-table';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { ApplicationListItem } from '../applications.types';
import { ApplicationStatusBadge, PaymentStateBadge } from './application-status-badge';

type Props = {
  items: ApplicationListItem[];
  selectedId: number | null;
  filtered: boolean;
  /** What an empty, unfiltered list says (admins and managers are told different things). */
  emptyBody: string;
  openHref: (id: number) => string;
};

export function ApplicationTable({ items, selectedId, filtered, emptyBody, openHref }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <ListTable
      texts="applications.list"
      columns={['reference', 'applicant', 'property', 'stay', 'status', 'submitted']}
      icon={IconFileSearch}
      filtered={filtered}
      empty={{ body: filtered ? undefined : emptyBody, titleOrder: 3 }}
      isEmpty={items.length === 0}
      minWidth={760}
      testIdPrefix="applications"
    >
      {items.map((row) => {
        const current = row.id === selectedId;
        return (
          <Table.Tr
            key={row.id}
            data-testid="application-row"
            data-reference={row.reference}
            data-status={row.status}
            // The open one: a neutral tint and a bar in the primary colour (a coloured tint would
            // take the link below AA contrast).
            bg={current ? 'var(--mantine-color-default-hover)' : undefined}
          >
            <Table.Td style={current ? { boxShadow: 'inset 3px 0 0 var(--mantine-primary-color-filled)' } : undefined}>
              <Anchor
                component={Link}
                to={openHref(row.id)}
                preventScrollReset
                fw={current ? 700 : 600}
                c={current ? 'var(--mantine-color-text)' : undefined}
                size="sm"
                ff="monospace"
                aria-label={t('applications.list.open', { reference: row.reference, name: row.applicantName })}
                aria-current={current ? 'true' : undefined}
                data-testid="application-open"
                style={{ whiteSpace: 'nowrap' }}
              >
                {row.reference}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {row.applicantName}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.email}
              </Text>
            </Table.Td>
            <TwoLineCell main={row.propertyTitle} detail={row.propertyCity} />
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatIsoDate(row.moveIn, lang)} –
              </Text>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatIsoDate(row.moveOut, lang)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={6} align="flex-start">
                <ApplicationStatusBadge status={row.status} size="sm" />
                <PaymentStateBadge state={row.paymentState} size="sm" />
              </Stack>
            </Table.Td>
            <DateTimeCell iso={row.createdAt} />
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
