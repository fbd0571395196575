/**
 * The cards of /admin/database and /admin/system: a bordered `<section>` landmark labelled by
 * its heading (`<id>-title`, level 2), a dimmed description under it, then the caller's content,
 * spaced evenly; `DatabaseCard`, one of /admin/database's, its texts and ids found by its name;
 * `FactsCard`, a titled card listing label–value facts; and `RowActionForm`, the one-button form
 * on a table row ("Retry now", "Run now"): a plain post (it works without JavaScript) of its
 * intent and the row's key.
 */
import { Button, DataList, Paper, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Form } from 'react-router';
import { SectionCard } from '~/components/section-card';
import { useTranslation, type TOptions } from '~/lib/i18n';

type CardProps = {
  /** The section's id (an anchor target); its heading's id is `<id>-title`. */
  id: string;
  title: string;
  description: ReactNode;
  testId: string;
  children: ReactNode;
};

/** An ops card (see the module's docstring). */
export function OpsCard({ id, title, description, testId, children }: CardProps) {
  const titleId = `${id}-title`;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId} id={id} data-testid={testId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A card of /admin/database named `part` (`backups`, `schedules`, `outbox`): an `OpsCard` with
 * the id `part`, the texts `ops.database.<part>.title|description` (the description filled with
 * `values`) and the test id `database-<part>`.
 */
export function DatabaseCard({ part, values, children }: { part: string; values?: TOptions; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <OpsCard
      id={part}
      title={t(`ops.database.${part}.title`)}
      description={t(`ops.database.${part}.description`, values)}
      testId={`database-${part}`}
    >
      {children}
    </OpsCard>
  );
}

type FactsProps = {
  /** The card's test id; its heading's id (the section is labelled by it) is `<id>-title`. */
  id: string;
  title: string;
  /** The labels' column width (px). */
  labelWidth: number;
  /** `[key, label, value]`: each value's test id is `<valueTestIdPrefix>-<key>` (the prefix defaults to `id`). */
  items: [string, string, ReactNode][];
  valueTestIdPrefix?: string;
  valueStyle?: CSSProperties;
};

/** A `SectionCard` listing facts, label then value (see the module's docstring). */
export function FactsCard({ id, title, labelWidth, items, valueTestIdPrefix = id, valueStyle }: FactsProps) {
  return (
    <SectionCard titleId={`${id}-title`} title={title} data-testid={id}>
      <DataList labelWidth={labelWidth}>
        {items.map(([key, label, value]) => (
          <DataList.Item key={key}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`${valueTestIdPrefix}-${key}`} style={valueStyle}>
              {value}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </SectionCard>
  );
}

type RowActionProps = {
  intent: string;
  /** The row's key: posted as `name`=`value`. */
  name: string;
  value: string | number;
  /** This row's post is under way. */
  busy: boolean;
  icon: ReactNode;
  /** The button's text, and its accessible name naming the row. */
  label: string;
  ariaLabel: string;
  testId?: string;
};

/** A small default button posting `intent` and the row's key (see the module's docstring). */
export function RowActionForm({ intent, name, value, busy, icon, label, ariaLabel, testId }: RowActionProps) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <Button type="submit" size="xs" variant="default" loading={busy} leftSection={icon} aria-label={ariaLabel} data-testid={testId}>
        {label}
      </Button>
    </Form>
  );
}
