/**
 * Pieces around a filtered back-office list with a CSV export (audit log, payments; decision 020):
 * the fields' refusals as one alert, the date range filter (`from`, `to`), the line under the
 * filters (a refused cursor, the dates hint), and the bar above the table with the page's count
 * and the "Export CSV" link.
 */
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/** Every refused filter's message in one alert (`testId`); nothing when all were accepted. */
export function FilterErrorsAlert({ errors, testId }: { errors: Record<string, string>; testId: string }) {
  if (Object.keys(errors).length === 0) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      {Object.values(errors).join(' ')}
    </Alert>
  );
}

type DateRangeProps = {
  labels: { from: string; to: string };
  /** The applied days (`YYYY-MM-DD`), if any. */
  from: string | null | undefined;
  to: string | null | undefined;
  errors: Record<string, string>;
  /** When given, the fields' test ids are `<testIdPrefix>-from` and `<testIdPrefix>-to`. */
  testIdPrefix?: string;
  /** Both days must be given (a report over a range, rather than a filter). */
  required?: boolean;
};

/** Two date fields of a `FilterForm`, `from` and `to`, each with its refusal. */
export function DateRangeFilter({ labels, from, to, errors, testIdPrefix, required }: DateRangeProps) {
  const days = { from, to };
  return (['from', 'to'] as const).map((name) => (
    <TextInput
      key={name}
      type="date"
      name={name}
      required={required}
      label={labels[name]}
      defaultValue={days[name] ?? ''}
      error={errors[name]}
      style={{ flex: '1 1 150px' }}
      data-testid={testIdPrefix && `${testIdPrefix}-${name}`}
    />
  ));
}

/** A `FilterForm` footer: the refused cursor's message (if any), then `hint` on the date fields. */
export function DatesFilterFooter({ cursorError, hint }: { cursorError: string | undefined; hint: string }) {
  return (
    <>
      {cursorError && (
        <Text c="red" size="sm" mt="xs" role="alert">
          {cursorError}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </>
  );
}

type ExportBarProps = {
  /** What the page shows (a count, or "loading"); announced politely. */
  summary: string;
  /** The CSV of what is filtered; no link without it. */
  exportHref: string | null;
  exportLabel: string;
  /** The link's title. */
  exportHint: string;
  exportTestId: string;
};

/** The bar above the list: `summary` at the start, the "Export CSV" download link at the end. */
export function ListExportBar({ summary, exportHref, exportLabel, exportHint, exportTestId }: ExportBarProps) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {summary}
      </Text>
      {exportHref !== null && (
        <Button
          component="a"
          href={exportHref}
          download
          variant="default"
          size="sm"
          leftSection={<IconDownload size={16} aria-hidden />}
          title={exportHint}
          data-testid={exportTestId}
        >
          {exportLabel}
        </Button>
      )}
    </Group>
  );
}
