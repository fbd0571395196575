/**
 * A project's overview tab: its facts (building, kind, dates, bid deadline, budget and spend),
 * the status moves it allows (start, complete, cancel), the invitation to bid (while planned or
 * bidding) with the vendors already invited, and the edit form.
 */
import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconCheck, IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/lib/i18n';
import { Form } from 'react-router';
import { formatCents, formatDateTime, formatIsoDate } from '~/lib/format';
import { useLanguage } from '~/lib/use-language';
import type { ProjectStatusMove } from '../projects.schemas';
import type { ProjectActionResult } from '../projects.types';
import { BidStatusBadge } from './project-badges';
import { InviteForm } from './invite-form';
import type { ProjectPageData } from './project-page';
import { ProjectForm } from './project-form';
import { useActionResult } from '~/components/forms/use-action-result';
import { PROJECTS_TOAST } from './projects-toast';

function Section({ id, title, hint, children }: { id: string; title: string; hint?: ReactNode; children?: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

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
    <Section id="project-moves" title={t('projects.moves.title')} hint={t('projects.moves.hint')}>
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
    </Section>
  );
}

export function OverviewTab({ page, result }: { page: ProjectPageData; result: ProjectActionResult | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { detail } = page;
  const editable = ['planned', 'bidding', 'awarded', 'in_progress'].includes(detail.status);
  return (
    <Stack gap="lg" data-testid="project-overview">
      <Section id="project-facts" title={t('projects.overview.title')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Fact label={t('projects.overview.building')}>{detail.buildingName ?? t('projects.overview.none')}</Fact>
          <Fact label={t('projects.overview.kind')}>{t(`projects.kind.${detail.kind}`)}</Fact>
          <Fact label={t('projects.overview.budget')}>{formatCents(detail.budgetCents, lang)}</Fact>
          <Fact label={t('projects.overview.spend')}>
            <span data-testid="project-spend" data-cents={detail.spendCents}>
              {formatCents(detail.spendCents, lang)}
            </span>
          </Fact>
          <Fact label={t('projects.overview.dates')}>
            {detail.startDate ? formatIsoDate(detail.startDate, lang) : '…'} – {detail.endDate ? formatIsoDate(detail.endDate, lang) : '…'}
          </Fact>
          <Fact label={t('projects.overview.deadline')}>
            <span data-testid="project-deadline">
              {detail.bidDeadline ? formatDateTime(detail.bidDeadline, lang) : t('projects.overview.none')}
            </span>
            {detail.status === 'bidding' && (
              <Text span size="xs" c={detail.biddingOpen ? 'teal.9' : 'dimmed'} fw={600} ml={6} data-testid="bidding-state">
                {t(detail.biddingOpen ? 'projects.overview.biddingOpen' : 'projects.overview.biddingClosed')}
              </Text>
            )}
          </Fact>
        </SimpleGrid>
        {detail.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {detail.description}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('projects.overview.spendHint')}
        </Text>
      </Section>
      <StatusMoves moves={detail.moves} result={result} />
      {(detail.status === 'planned' || detail.status === 'bidding') && (
        <Section
          id="project-invite"
          title={t(detail.status === 'planned' ? 'projects.invite.title' : 'projects.invite.moreTitle')}
          hint={t('projects.invite.hint')}
        >
          <InviteForm detail={detail} choices={page.vendorChoices} now={page.now} result={result} />
        </Section>
      )}
      {detail.invited.length > 0 && (
        <Section id="project-invited" title={t('projects.invited.title', { count: detail.invited.length })}>
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
        </Section>
      )}
      {editable && (
        <Section id="project-edit" title={t('projects.edit.title')}>
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
        </Section>
      )}
    </Stack>
  );
}
