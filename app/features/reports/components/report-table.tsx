/**
 * What every report view of the financial reports page shares (decision 058): a month and a
 * period as words, an account's name in the page's language, the table frame with its caption,
 * column headers and empty state, and the pager of the reports read by keyset. Client-safe.
 */
import { EmptyState, Table } from '@mantine/core';
import { IconReportMoney } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { KeysetPager } from '~/components/keyset-pager';
import { ColumnHeaders, type ListColumn } from '~/components/lists/list-table';
import type { Language } from '~/lib/constants';
import { useTranslation } from '~/lib/i18n';
import { reportHref, type ReportQuery } from '../reports.schemas';
import type { ReportsPageData } from '../reports.types';

/** A month (`YYYY-MM`) as e.g. "Nov 2026" / "nov 2026" (here, not in ~/lib/format: the public pages' bundle stays within its budget). */
export function formatMonth(month: string, lang: Language): string {
  return new Intl.DateTimeFormat(lang === 'it' ? 'it-IT' : 'en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month.slice(0, 7)}-01T00:00:00Z`),
  );
}

/** An account's name in the page's language (the Italian name when there is one). */
export function accountName(row: { name: string; nameIt: string | null }, lang: Language): string {
  return lang === 'it' && row.nameIt ? row.nameIt : row.name;
}

export function periodLabel(period: { from: string; to: string }, lang: Language): string {
  return period.from === period.to ? formatMonth(period.from, lang) : `${formatMonth(period.from, lang)} – ${formatMonth(period.to, lang)}`;
}

/**
 * A report's table: its caption and column headers, then the caller's bodies and footer (a report
 * has sections and totals, which a list's single body cannot hold); an empty state instead when
 * there is nothing to show.
 */
export function ReportTable({
  isEmpty,
  empty,
  caption,
  columns,
  testId,
  minWidth = 560,
  children,
}: {
  isEmpty: boolean;
  empty: { title: string; body: string; testId: string };
  caption: string;
  columns: readonly ListColumn[];
  testId: string;
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  children: ReactNode;
}) {
  if (isEmpty)
    return (
      <EmptyState icon={<IconReportMoney size={30} />} variant="light" py="xl" data-testid={empty.testId}>
        <EmptyState.Title order={2}>{empty.title}</EmptyState.Title>
        <EmptyState.Description>{empty.body}</EmptyState.Description>
      </EmptyState>
    );
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Caption>{caption}</Table.Caption>
        <ColumnHeaders columns={columns} />
        {children}
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The pager of a report read a page at a time by keyset (the rent roll, the deposit liability, the
 * ledger detail): a link to the first page unless this is it, and one to the next page unless
 * this is the last; `at` puts a position (null: the first page) into the page's query.
 */
export function ReportKeysetPager<Position>({
  page,
  current,
  next,
  at,
  label,
  nextLabel,
  testId,
}: {
  page: ReportsPageData;
  /** This page's keyset position (null: the first page). */
  current: Position | null;
  /** The next page's position (null: this is the last page). */
  next: Position | null;
  at: (position: Position | null) => ReportQuery;
  /** The navigation's accessible name. */
  label: string;
  nextLabel: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <KeysetPager
      label={label}
      firstHref={current ? reportHref(page.basePath, at(null)) : null}
      firstLabel={t('reports.rentRoll.first')}
      nextHref={next ? reportHref(page.basePath, at(next)) : null}
      nextLabel={nextLabel}
      testId={testId}
    />
  );
}
