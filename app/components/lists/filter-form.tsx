/**
 * The filter bar of the back-office lists (tenants, vendors, applications, projects, work
 * orders): a plain GET form (works without JavaScript; every filtered list has its own URL, and
 * applying starts again at the first page) labelled as a search landmark, its fields, an "Apply"
 * button and, once something is filtered, a "Clear" link back to the bare list. Both keep the
 * scroll position. The fields are the caller's (selects, search boxes, checkboxes), named after
 * the URL's search parameters. Below the row, an optional `footer` (a refused cursor's error, a
 * hint on the dates).
 */
import { Anchor, Button, Checkbox, Group, TextInput } from '@mantine/core';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { useTranslation } from '~/lib/i18n';

/** The form's texts and test ids, given one by one. */
type ExplicitTexts = {
  /** The search landmark's accessible name. */
  label: string;
  testId: string;
  applyLabel: string;
  clearLabel: string;
  clearTestId?: string;
};

/**
 * The form's texts and test ids by the lists' convention: `<list>.filters.label`, `.apply` and
 * `.clear`; test ids `<list>-filters` and `<list>-filter-clear`.
 */
type ListTexts = { list: string };

type Props = (ExplicitTexts | ListTexts) & {
  /** The list's URL: where the form is sent, and what "Clear" links to (unless `clearHref`). */
  action: string;
  /** Changes with the applied filters, so the fields show them again after a navigation. */
  formKey: string;
  /** Whether "Clear" shows (something is filtered). */
  showClear: boolean;
  /** The refused filter values: "Clear" also shows while there is one. */
  errors?: Record<string, string>;
  /** Where "Clear" leads when not to the bare `action` (a list that keeps its view). */
  clearHref?: string;
  /** Hidden fields sent with every filtering (the view the list is shown in). */
  hidden?: ReactNode;
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

/** See the module's docstring; `errors` non-empty shows "Clear" as `showClear` does. */
export function FilterForm({
  action,
  formKey,
  showClear,
  errors = {},
  clearHref,
  hidden,
  align = 'end',
  applyTestId,
  footer,
  children,
  ...texts
}: Props) {
  const { label, testId, applyLabel, clearLabel, clearTestId } = useFilterTexts(texts);
  const top = align === 'start';
  return (
    <Form method="get" action={action} role="search" aria-label={label} preventScrollReset key={formKey} data-testid={testId}>
      {hidden}
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
        {(showClear || Object.keys(errors).length > 0) && (
          <Anchor
            component={Link}
            to={clearHref ?? action}
            preventScrollReset
            size="sm"
            {...(top ? { mt: 33 } : { py: 8 })}
            data-testid={clearTestId}
          >
            {clearLabel}
          </Anchor>
        )}
      </Group>
      {footer}
    </Form>
  );
}

/** The texts given, or those `<list>.filters.*` names. */
function useFilterTexts(texts: ExplicitTexts | ListTexts): ExplicitTexts {
  const { t } = useTranslation();
  if (!('list' in texts)) return texts;
  const { list } = texts;
  return {
    label: t(`${list}.filters.label`),
    testId: `${list}-filters`,
    applyLabel: t(`${list}.filters.apply`),
    clearLabel: t(`${list}.filters.clear`),
    clearTestId: `${list}-filter-clear`,
  };
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

type CheckboxProps = { name: string; label: string; checked: boolean; testId: string; align?: 'end' | 'start' };

/**
 * A yes/no filter of a `FilterForm` (sends `name=1` when ticked), lined up with the inputs of a
 * row aligned at their bottom (`end`, default) or at their top (`start`).
 */
export function CheckboxFilter({ name, label, checked, testId, align = 'end' }: CheckboxProps) {
  return (
    <Checkbox
      name={name}
      value="1"
      label={label}
      defaultChecked={checked}
      {...(align === 'start' ? { mt: 32 } : { py: 8 })}
      data-testid={testId}
    />
  );
}
