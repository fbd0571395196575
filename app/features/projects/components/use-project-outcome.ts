/**
 * The outcome of one command of the projects pages: the action's answer when it concerns this
 * `intent` (errors and typed values to show), a toast with the server's message on success, and
 * a fresh form (see `useFormOutcome`).
 */
import { notifications } from '@mantine/notifications';
import { useTranslation } from '~/lib/i18n';
import { useFormOutcome } from '~/components/forms/use-form-outcome';
import type { ProjectActionResult } from '../projects.types';

export function useProjectOutcome(result: ProjectActionResult | undefined, intent: NonNullable<ProjectActionResult['intent']>) {
  const { t } = useTranslation();
  const mine = result && result.intent === intent ? result : undefined;
  const { busy, formRef, formKey } = useFormOutcome(mine, (outcome) => {
    if (!outcome.ok) return;
    notifications.show({
      color: 'teal',
      title: t('projects.done.title'),
      message: outcome.message,
      closeButtonProps: { 'aria-label': t('projects.done.close') },
      styles: { description: { color: 'var(--mantine-color-text)' } },
      'data-testid': 'projects-toast',
    });
  });
  const failed = mine && !mine.ok ? mine : undefined;
  return {
    busy,
    formRef,
    formKey,
    errors: failed?.errors ?? {},
    values: failed?.values ?? {},
  };
}
