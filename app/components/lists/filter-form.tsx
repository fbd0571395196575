/**
 * The filter bar of the back-office lists (tenants, vendors, applications, projects, work
 * orders): a plain GET form (works without JavaScript; every filtered list has its own URL, and
 * applying starts again at the first page) labelled as a search landmark, its fields, an "Apply"
 * button and, once something is filtered, a "Clear" link back to the bare list. Both keep the
 * scroll position. The fields are the caller's (selects, search boxes, checkboxes), named after
 * the URL's search parameters. Below the row, an optional `footer` (a refused cursor's error, a
 * hint on the dates).
 */
import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';

type Props = {
  /** The list's URL: where the form is sent, and what "Clear" links to. */
  action: string;
  /** The search landmark's accessible name. */
  label: string;
  /** Changes with the applied filters, so the fields show them again after a navigation. */
  formKey: string;
  testId: string;
  applyLabel: string;
  clearLabel: string;
  /** Whether "Clear" shows (something is filtered, or refused). */
  showClear: boolean;
  clearTestId?: string;
  /**
   * `end` (default): the row lines up at the fields' bottom. `start`: at their top, for fields that
   * may show an error under them; the button and link then sit level with the inputs.
   */
  align?: 'end' | 'start';
  /** The "Apply" button's test id. */
  applyTestId?: string;
  /** Shown under the fields' row, inside the form. */
  footer?: ReactNode;
  children: ReactNode;
};

export function FilterForm({
  action,
  label,
  formKey,
  testId,
  applyLabel,
  clearLabel,
  showClear,
  clearTestId,
  align = 'end',
  applyTestId,
  footer,
  children,
}: Props) {
  const top = align === 'start';
  return (
    <Form method="get" action={action} role="search" aria-label={label} preventScrollReset key={formKey} data-testid={testId}>
      <Group align={top ? 'flex-start' : 'flex-end'} gap="sm" wrap="wrap">
        {children}
        <Button
          type="submit"
          variant="default"
          mt={top ? 25 : undefined}
          leftSection={<IconFilter size={16} aria-hidden />}
          data-testid={applyTestId}
        >
          {applyLabel}
        </Button>
        {showClear && (
          <Anchor component={Link} to={action} preventScrollReset size="sm" {...(top ? { mt: 33 } : { py: 8 })} data-testid={clearTestId}>
            {clearLabel}
          </Anchor>
        )}
      </Group>
      {footer}
    </Form>
  );
}

type SearchProps = { label: string; defaultValue: string; maxLength: number; testId: string };

/** The free-text search of a `FilterForm` (the `q` parameter): a search box with a magnifier. */
export function SearchFilter({ label, defaultValue, maxLength, testId }: SearchProps) {
  return (
    <TextInput
      name="q"
      type="search"
      label={label}
      defaultValue={defaultValue}
      maxLength={maxLength}
      leftSection={<IconSearch size={16} aria-hidden />}
      style={{ flex: '2 1 220px' }}
      data-testid={testId}
    />
  );
}

/** A select's options: "all" (the empty value) first, then `option(item)` for each of `items`. */
export function optionsWithAll<T>(
  allLabel: string,
  items: readonly T[],
  option: (item: T) => { value: string; label: string },
): { value: string; label: string }[] {
  return [{ value: '', label: allLabel }, ...items.map(option)];
}
