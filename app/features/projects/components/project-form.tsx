/**
 * The project form, for a new project and to edit one: building (searched as one types), name,
 * kind, description, budget in dollars, start and end dates. A real `<Form method="post">` with
 * its `intent`; the server's translated field messages come back with what was typed.
 */
import { Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { SubmitButton } from '~/components/icon-button';
import { Form } from 'react-router';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import { BuildingFilter } from '~/components/lists/building-filter';
import { PROJECT_DESCRIPTION_MAX, PROJECT_KINDS, PROJECT_NAME_MAX, type ProjectKind } from '../projects.schemas';
import type { ProjectActionResult } from '../projects.types';
import { useActionResult } from '~/components/forms/use-action-result';
import { AmountField, LongTextField, typedValue } from './project-fields';
import { PROJECTS_TOAST } from './projects-toast';

export type ProjectFormValues = {
  name: string;
  kind: ProjectKind;
  description: string | null;
  budgetCents: number;
  startDate: string | null;
  endDate: string | null;
};

type Props = {
  intent: 'create' | 'update';
  building: BuildingOption | null;
  /** The project as stored (editing), or null for a new one. */
  initial: ProjectFormValues | null;
  result: ProjectActionResult | undefined;
  /** The building cannot change any more (vendors were invited for it). */
  buildingLocked?: boolean;
};

export function ProjectForm({ intent, building, initial, result, buildingLocked = false }: Props) {
  const { t } = useTranslation();
  const { busy, formRef, formKey, errors, values } = useActionResult(result, {
    // The create form posts no intent: the new-project page has no other form.
    intent: intent === 'create' ? undefined : intent,
    toast: PROJECTS_TOAST,
  });
  const typed = (name: string) => typedValue(values, name);
  return (
    <Form method="post" noValidate ref={formRef} key={intent === 'create' ? formKey : undefined} data-testid={`project-form-${intent}`}>
      {intent === 'update' && <input type="hidden" name="intent" value="update" />}
      <Stack gap="sm">
        {buildingLocked && building ? (
          <>
            <input type="hidden" name="buildingId" value={building.id} />
            <TextInput label={t('projects.form.building')} value={building.name} readOnly description={t('projects.form.buildingLocked')} />
          </>
        ) : (
          <BuildingFilter
            name="buildingId"
            label={t('projects.form.building')}
            allLabel={t('projects.form.chooseBuilding')}
            selected={building}
            error={errors.buildingId}
            testId="project-form-building"
          />
        )}
        <TextInput
          name="name"
          label={t('projects.form.name')}
          required
          maxLength={PROJECT_NAME_MAX}
          autoComplete="off"
          defaultValue={typed('name') ?? initial?.name ?? ''}
          error={errors.name}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            name="kind"
            label={t('projects.form.kind')}
            required
            defaultValue={typed('kind') ?? initial?.kind ?? 'other'}
            data={PROJECT_KINDS.map((kind) => ({
              value: kind,
              label: t(`projects.kind.${kind}`),
            }))}
            error={errors.kind}
          />
          <AmountField
            name="budget"
            label={t('projects.form.budget')}
            description={t('projects.form.budgetHint')}
            defaultValue={typed('budget') ?? (initial ? (initial.budgetCents / 100).toFixed(2) : '')}
            error={errors.budget}
          />
          {(['startDate', 'endDate'] as const).map((field) => (
            <TextInput
              key={field}
              name={field}
              type="date"
              label={t(`projects.form.${field}`)}
              defaultValue={typed(field) ?? initial?.[field] ?? ''}
              error={errors[field]}
            />
          ))}
        </SimpleGrid>
        <LongTextField
          name="description"
          label={t('projects.form.description')}
          description={t('projects.form.descriptionHint')}
          maxLength={PROJECT_DESCRIPTION_MAX}
          defaultValue={typed('description') ?? initial?.description ?? ''}
          error={errors.description}
        />
        {errors.form && (
          <div role="alert" style={{ color: 'var(--mantine-color-error)' }} data-testid="project-form-error">
            {errors.form}
          </div>
        )}
        <Group>
          <SubmitButton icon={IconDeviceFloppy} loading={busy} testId={`project-${intent}-submit`}>
            {t(intent === 'create' ? 'projects.form.create' : 'projects.form.save')}
          </SubmitButton>
        </Group>
      </Stack>
    </Form>
  );
}
