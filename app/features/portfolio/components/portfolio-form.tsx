/**
 * What the portfolio's edit forms (building, unit; decision 015) share: the frame — a real form
 * (it works without JavaScript) posting its `intent`, the form-level error, the fields and the
 * save button — the shared-amenities checkboxes, and `formFields`, which gives each field its
 * name, the value to show (the one typed when the server refused it, else the saved one) and
 * its error.
 */
import { Alert, Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { SubmitButton } from '~/components/icon-button';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { Form } from 'react-router';
import type { ActionFailure } from '~/lib/action-result';
import { useTranslation } from '~/lib/i18n';
import { AMENITY_KEYS } from '~/lib/amenities';
import { useActionResult } from '~/components/forms/use-action-result';
import type { PortfolioActionResult } from '../portfolio.page.server';
import { PORTFOLIO_TOAST } from './portfolio-toast';

type FrameProps = {
  intent: string;
  formRef: Ref<HTMLFormElement>;
  /** The form-level error, shown first in an alert. */
  formError: string | undefined;
  testId: string;
  busy: boolean;
  submitLabel: string;
  submitTestId: string;
  /** The fields. */
  children: ReactNode;
};

/** The frame of a portfolio form: intent, form-level error, the fields, then the save button. */
export function PortfolioForm({ intent, formRef, formError, testId, busy, submitLabel, submitTestId, children }: FrameProps) {
  return (
    <Form method="post" ref={formRef} noValidate data-testid={testId}>
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="md">
        {formError && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {formError}
          </Alert>
        )}
        {children}
        <SubmitButton loading={busy} icon={IconDeviceFloppy} style={{ alignSelf: 'flex-start' }} testId={submitTestId}>
          {submitLabel}
        </SubmitButton>
      </Stack>
    </Form>
  );
}

/** The amenities as checkboxes (`amenities`), checked from `defaultValue`, in up to three columns. */
export function AmenitiesField({ label, defaultValue, error }: { label: string; defaultValue: string[]; error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group label={label} defaultValue={defaultValue} error={error}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
        {AMENITY_KEYS.map((key) => (
          <Checkbox key={key} name="amenities" value={key} label={t(`listings.amenity.${key}`)} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/**
 * A form's fields over `saved` (null when creating) after `failed` (the refused answer, if
 * any): `value(name, fallback)` is the typed value, else the saved one, else `fallback`;
 * `field(name)` is a field's `name`, `defaultValue` and `error`; `amenities` the checked ones.
 */
export function formFields<T extends { amenities: readonly string[] }>(saved: T | null, failed: ActionFailure | undefined) {
  const errors = failed?.errors ?? {};
  const typed = failed?.values as Record<string, string | string[]> | undefined;
  const value = (name: keyof T & string, fallback = ''): string => {
    if (typed) return String(typed[name] ?? '');
    const current = saved?.[name];
    return current === null || current === undefined ? fallback : String(current);
  };
  const field = (name: keyof T & string, fallback?: string) => ({ name, defaultValue: value(name, fallback), error: errors[name] });
  const amenities = typed ? ((typed.amenities as string[]) ?? []) : [...(saved?.amenities ?? [])];
  return { errors, typed, value, field, amenities };
}

/**
 * The edit form of a building or unit (`kind`) over `saved` (null when creating): posts
 * `create-<kind>` or `update-<kind>`, answers through the page protocol's hook with the
 * portfolio's toast, and gives `formFields`'s helpers plus `frame`, the `PortfolioForm` props
 * but the submit label (test ids `<kind>-form`, `<kind>-submit`).
 */
export function usePortfolioForm<T extends { amenities: readonly string[] }>(
  kind: 'building' | 'unit',
  saved: T | null,
  result: PortfolioActionResult | undefined,
) {
  const intent = saved ? `update-${kind}` : `create-${kind}`;
  const { failed, busy, formRef } = useActionResult(result, { intent, toast: PORTFOLIO_TOAST });
  const fields = formFields(saved, failed);
  const frame = { intent, formRef, formError: fields.errors.form, testId: `${kind}-form`, busy, submitTestId: `${kind}-submit` };
  return { ...fields, frame };
}
