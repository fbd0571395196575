/** The "new project" page of /admin/projects/new and /dashboard/projects/new: the project form. */
import { Anchor, Paper } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { SignedInPageHeader } from '~/components/page-header';
import type { BuildingOption } from '~/features/portfolio/building-options.server';
import type { ProjectActionResult, ProjectsBase } from '../projects.types';
import { ProjectForm } from './project-form';

export function NewProjectPage({
  base,
  building,
  result,
}: {
  base: ProjectsBase;
  building: BuildingOption | null;
  result: ProjectActionResult | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SignedInPageHeader
        title={t('projects.new.title')}
        subtitle={t('projects.new.subtitle')}
        actions={
          <Anchor component={Link} to={base} size="sm">
            {t('projects.detail.back')}
          </Anchor>
        }
      />
      <Paper withBorder p="md" maw={760}>
        <ProjectForm intent="create" building={building} initial={null} result={result} />
      </Paper>
    </>
  );
}
