/**
 * A project's overview tab: its facts (building, kind, dates, bid deadline, budget and spend),
 * the status moves it allows (start, complete, cancel), the invitation to bid (while planned or
 * bidding) with the vendors already invited, and the edit form.
 */
import { Alert, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBan, IconCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { StepCard } from '~/components/step-card';
import { formatCents, formatDateTime } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { ProjectStatusMove } from '../projects.schemas';
import type { ProjectActionResult } from '../projects.types';
import { BidStatusBadge } from './project-badges';
import { InviteForm } from './invite-form';
import type { ProjectPageData } from './project-page';
import { ProjectForm } from './project-form';
import { useActionResult } from '~/components/forms/use-action-result';
import { ProjectDatesFact, ProjectDescription, ProjectFact } from './project-fact';
import { PROJECTS_TOAST } from './projects-toast';

const MOVE_ICONS: Record<ProjectStatusMove, typeof IconCheck> = {
  in_progress: IconPlayerPlay,
  completed: IconCheck,
  cancelled: IconBan,
};
const MOVE_COLORS: Record<ProjectStatusMove, string> = {
  in_progress: 'indigo.9',
  completed: 'teal.9',
  cancelled: 'red.9',
};

function StatusMoves({ moves, result }: { moves: ProjectStatusMove[]; result: ProjectActionResult | undefined }) {
  const { t } = useTranslation();
  const { busy, errors } = useActionResult(result, { intent: 'status', toast: PROJECTS_TOAST });
  if (moves.length === 0) return null;
  return (
    <StepCard id="project-moves" title={t('projects.moves.title')} hint={t('projects.moves.hint')}>
      <Group gap="sm">
        {moves.map((to) => {
          const Icon = MOVE_ICONS[to];
          return (
            <Form method="post" key={to}>
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="to" value={to} />
              <Button
                type="submit"
                color={MOVE_COLORS[to]}
                leftSection={<Icon size={16} aria-hidden />}
                loading={busy}
                data-testid={`project-move-${to}`}
              >
                {t(`projects.moves.${to}`)}
              </Button>
            </Form>
          );
        })}
      </Group>
      {errors.form && (
        <Alert color="red" role="alert" data-testid="project-move-error">
          {errors.form}
        </Alert>
      )}
    </StepCard>
  );
}

export function OverviewTab({ page, result }: { page: ProjectPageData; result: ProjectActionResult | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { detail } = page;
  const editable = ['planned', 'bidding', 'awarded', 'in_progress'].includes(detail.status);
  return (
    <Stack gap="lg" data-testid="project-overview">
      <StepCard id="project-facts" title={t('projects.overview.title')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <ProjectFact label={t('projects.overview.building')}>{detail.buildingName ?? t('projects.overview.none')}</ProjectFact>
          <ProjectFact label={t('projects.overview.kind')}>{t(`projects.kind.${detail.kind}`)}</ProjectFact>
          <ProjectFact label={t('projects.overview.budget')}>{formatCents(detail.budgetCents, lang)}</ProjectFact>
          <ProjectFact label={t('projects.overview.spend')}>
            <span data-testid="project-spend" data-cents={detail.spendCents}>
              {formatCents(detail.spendCents, lang)}
            </span>
          </ProjectFact>
          <ProjectDatesFact startDate={detail.startDate} endDate={detail.endDate} />
          <ProjectFact label={t('projects.overview.deadline')}>
            <span data-testid="project-deadline">
              {detail.bidDeadline ? formatDateTime(detail.bidDeadline, lang) : t('projects.overview.none')}
            </span>
            {detail.status === 'bidding' && (
              <Text span size="xs" c={detail.biddingOpen ? 'teal.9' : 'dimmed'} fw={600} ml={6} data-testid="bidding-state">
                {t(detail.biddingOpen ? 'projects.overview.biddingOpen' : 'projects.overview.biddingClosed')}
              </Text>
            )}
          </ProjectFact>
        </SimpleGrid>
        <ProjectDescription text={detail.description} />
        <Text size="xs" c="dimmed">
          {t('projects.overview.spendHint')}
        </Text>
      </StepCard>
      <StatusMoves moves={detail.moves} result={result} />
      {(detail.status === 'planned' || detail.status === 'bidding') && (
        <StepCard
          id="project-invite"
          title={t(detail.status === 'planned' ? 'projects.invite.title' : 'projects.invite.moreTitle')}
          hint={t('projects.invite.hint')}
        >
          <InviteForm detail={detail} choices={page.vendorChoices} now={page.now} result={result} />
        </StepCard>
      )}
      {detail.invited.length > 0 && (
        <StepCard id="project-invited" title={t('projects.invited.title', { count: detail.invited.length })}>
          <List spacing={6} listStyleType="none" data-testid="project-invited-list">
            {detail.invited.map((entry) => (
              <List.Item key={entry.vendorId} data-testid="invited-vendor" data-vendor={entry.vendorId}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {entry.companyName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('projects.invited.at', {
                      date: formatDateTime(entry.invitedAt, lang),
                    })}
                  </Text>
                  {entry.bidStatus ? (
                    <BidStatusBadge status={entry.bidStatus} size="sm" />
                  ) : (
                    <Text size="xs">{t('projects.invited.noBid')}</Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        </StepCard>
      )}
      {editable && (
        <StepCard id="project-edit" title={t('projects.edit.title')}>
          <ProjectForm
            intent="update"
            building={page.building}
            buildingLocked={detail.status !== 'planned'}
            initial={{
              name: detail.name,
              kind: detail.kind,
              description: detail.description,
              budgetCents: detail.budgetCents,
              startDate: detail.startDate,
              endDate: detail.endDate,
            }}
            result={result}
          />
        </StepCard>
      )}
    </Stack>
  );
}
