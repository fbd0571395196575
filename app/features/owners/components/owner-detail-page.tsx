/**
 * /admin/owners/:ownerId (decision 061): one owner — the record, the buildings they hold with each
 * building's management agreement (a form per building), a building to assign, an owner
 * contribution to record, the owner portal invitation to send, and the settled months (fee, reserve and distribution). Plain `<Form>`s:
 * each works without JavaScript (a 303 back with `?done=`) and shows its own refusal.
 */
import { Anchor, Badge, Button, Grid, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconBuildingEstate, IconCash, IconDeviceFloppy, IconLink, IconMailForward } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { BackLink } from '~/components/back-link';
import { useActionResult, useDoneToast } from '~/components/forms/use-action-result';
import { BuildingFilter } from '~/components/lists/building-filter';
import { ListTable, NoWrapCell } from '~/components/lists/list-table';
import { SignedInPageHeader } from '~/components/page-header';
import { SectionCard } from '~/components/section-card';
import type { ActionResult } from '~/lib/action-result';
import { formatCents, formatDateTime, formatNumber } from '~/lib/format';
import { useTranslation } from '~/lib/i18n';
import { centsToDollarsText } from '~/lib/money';
import { useLanguage } from '~/lib/use-language';
import type { OwnerAdminIntent } from '../owners.schemas';
import type { OwnedBuilding, OwnerDetail } from '../owners.server';
import { OwnerFields } from './owner-fields';
import { OwnerMessageThread } from './owner-message-thread';
import { StatementsTable } from './statements-table';

type Result = ActionResult<string, object> | undefined;
type Props = { detail: OwnerDetail; today: string; done: OwnerAdminIntent | null; result: Result };

const TOAST = { title: 'owners.done.title', testId: 'owners-toast' };

/** A fee as the agreement states it: "8%", "$150.00 a month", or both. */
export function feeText(
  t: (key: string, params?: Record<string, unknown>) => string,
  lang: 'en' | 'it',
  agreement: NonNullable<OwnedBuilding['agreement']>,
) {
  const parts: string[] = [];
  if (agreement.feePercentBp > 0) parts.push(`${formatNumber(agreement.feePercentBp / 100, lang)}%`);
  if (agreement.flatFeeCents > 0) parts.push(t('owners.agreement.flatPerMonth', { amount: formatCents(agreement.flatFeeCents, lang) }));
  return parts.length ? parts.join(' + ') : t('owners.agreement.noFee');
}

function AgreementForm({ building, today, result }: { building: OwnedBuilding; today: string; result: Result }) {
  const { t } = useTranslation();
  const outcome = useActionResult(result, { intent: 'save-agreement', key: String(building.id), keyField: 'buildingId', toast: TOAST });
  const { errors, values } = outcome;
  const saved = building.agreement;
  const value = (name: string, fallback: string) => (typeof values[name] === 'string' ? (values[name] as string) : fallback);
  return (
    <Form
      method="post"
      preventScrollReset
      ref={outcome.formRef}
      key={outcome.formKey}
      data-testid={`agreement-form-${building.id}`}
      noValidate
    >
      <input type="hidden" name="intent" value="save-agreement" />
      <input type="hidden" name="buildingId" value={building.id} />
      <Stack gap="xs">
        {errors.form && (
          <Text c="red" size="sm" role="alert">
            {errors.form}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
          <TextInput
            name="feePercent"
            label={t('owners.agreement.feePercent')}
            inputMode="decimal"
            rightSection="%"
            defaultValue={value('feePercent', saved ? String(saved.feePercentBp / 100) : '8')}
            error={errors.feePercent}
            data-testid="agreement-fee-percent"
          />
          <TextInput
            name="flatFee"
            label={t('owners.agreement.flatFee')}
            inputMode="decimal"
            leftSection="$"
            defaultValue={value('flatFee', saved ? centsToDollarsText(saved.flatFeeCents) : '0.00')}
            error={errors.flatFee}
          />
          <TextInput
            name="reserve"
            label={t('owners.agreement.reserve')}
            inputMode="decimal"
            leftSection="$"
            defaultValue={value('reserve', saved ? centsToDollarsText(saved.reserveCents) : '1000.00')}
            error={errors.reserve}
            data-testid="agreement-reserve"
          />
          <TextInput
            name="distributionDay"
            type="number"
            min={1}
            max={28}
            label={t('owners.agreement.distributionDay')}
            defaultValue={value('distributionDay', String(saved?.distributionDay ?? 10))}
            error={errors.distributionDay}
          />
          <TextInput
            name="startsOn"
            type="date"
            label={t('owners.agreement.startsOn')}
            defaultValue={value('startsOn', saved?.startsOn ?? today)}
            error={errors.startsOn}
          />
        </SimpleGrid>
        <Group>
          <Button
            type="submit"
            variant="light"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            loading={outcome.busy}
            data-testid={`agreement-save-${building.id}`}
          >
            {t('owners.agreement.save')}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

function BuildingsSection({ detail, today, result }: { detail: OwnerDetail; today: string; result: Result }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <SectionCard
      titleId="owner-buildings-title"
      title={t('owners.detail.buildings')}
      isEmpty={detail.buildings.length === 0}
      emptyText={t('owners.detail.noBuildings')}
      data-testid="owner-buildings"
    >
      <Stack gap="lg">
        {detail.buildings.map((building) => (
          <Paper key={building.id} withBorder p="md" data-testid="owner-building">
            <Group justify="space-between" mb="xs" wrap="wrap">
              <div>
                <Title order={3} size="h5">
                  {building.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {building.city}, {building.state} ·{' '}
                  {t('owners.detail.occupancy', {
                    leased: formatNumber(building.unitsLeased, lang),
                    total: formatNumber(building.unitsTotal, lang),
                  })}
                </Text>
              </div>
              <Badge variant="light" color={building.agreement ? 'teal' : 'yellow'} data-testid="agreement-status">
                {building.agreement ? feeText(t, lang, building.agreement) : t('owners.agreement.missing')}
              </Badge>
            </Group>
            <AgreementForm building={building} today={today} result={result} />
          </Paper>
        ))}
      </Stack>
    </SectionCard>
  );
}

/** A card of one command on the owner: its heading (`id`), a line on what it does, its form. */
function CommandCard({ id, title, body, children }: { id: string; title: string; body: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {body}
      </Text>
      {children}
    </Paper>
  );
}

/** The owner portal account: none yet → send an invitation (again, once it expired or was lost). */
function InvitationForm({ detail, result }: { detail: OwnerDetail; result: Result }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const outcome = useActionResult(result, { intent: 'send-invitation', toast: TOAST });
  if (detail.account) return null;
  const { invitation } = detail;
  const status = !invitation
    ? t('owners.account.none')
    : t(invitation.expired ? 'owners.account.expired' : 'owners.account.pending', { date: formatDateTime(invitation.expiresAt, lang) });
  return (
    <CommandCard id="owner-invitation-title" title={t('owners.account.title')} body={status}>
      <Form method="post" preventScrollReset data-testid="owner-invitation-form">
        <input type="hidden" name="intent" value="send-invitation" />
        <Stack gap="xs">
          {outcome.errors.form && (
            <Text c="red" size="sm" role="alert">
              {outcome.errors.form}
            </Text>
          )}
          <Button
            type="submit"
            variant="light"
            leftSection={<IconMailForward size={16} aria-hidden />}
            loading={outcome.busy}
            data-testid="owner-invitation-submit"
          >
            {t(invitation ? 'owners.account.resend' : 'owners.account.send')}
          </Button>
        </Stack>
      </Form>
    </CommandCard>
  );
}

function AssignForm({ result }: { result: Result }) {
  const { t } = useTranslation();
  const outcome = useActionResult(result, { intent: 'assign-building', toast: TOAST });
  return (
    <CommandCard id="owner-assign-title" title={t('owners.assign.title')} body={t('owners.assign.body')}>
      <Form method="post" preventScrollReset ref={outcome.formRef} key={outcome.formKey} data-testid="owner-assign-form">
        <input type="hidden" name="intent" value="assign-building" />
        <Stack gap="sm">
          <BuildingFilter
            name="buildingId"
            label={t('owners.assign.building')}
            allLabel={t('owners.assign.pick')}
            selected={null}
            error={outcome.errors.buildingId ?? outcome.errors.form}
            testId="owner-assign-building"
          />
          <Button
            type="submit"
            variant="light"
            leftSection={<IconLink size={16} aria-hidden />}
            loading={outcome.busy}
            data-testid="owner-assign-submit"
          >
            {t('owners.assign.submit')}
          </Button>
        </Stack>
      </Form>
    </CommandCard>
  );
}

function ContributionForm({ detail, today, result }: { detail: OwnerDetail; today: string; result: Result }) {
  const { t } = useTranslation();
  const outcome = useActionResult(result, { intent: 'record-contribution', toast: TOAST });
  if (detail.buildings.length === 0) return null;
  return (
    <CommandCard id="owner-contribution-title" title={t('owners.contribution.title')} body={t('owners.contribution.body')}>
      <Form method="post" preventScrollReset ref={outcome.formRef} key={outcome.formKey} data-testid="owner-contribution-form" noValidate>
        <input type="hidden" name="intent" value="record-contribution" />
        <Stack gap="sm">
          {outcome.errors.form && (
            <Text c="red" size="sm" role="alert">
              {outcome.errors.form}
            </Text>
          )}
          <NativeSelect
            name="buildingId"
            label={t('owners.contribution.building')}
            data={detail.buildings.map((building) => ({ value: String(building.id), label: building.name }))}
            error={outcome.errors.buildingId}
          />
          <TextInput
            name="amount"
            label={t('owners.contribution.amount')}
            inputMode="decimal"
            leftSection="$"
            required
            error={outcome.errors.amount}
            data-testid="contribution-amount"
          />
          <TextInput
            name="date"
            type="date"
            label={t('owners.contribution.date')}
            defaultValue={today}
            required
            error={outcome.errors.date}
          />
          <Button
            type="submit"
            variant="light"
            leftSection={<IconCash size={16} aria-hidden />}
            loading={outcome.busy}
            data-testid="contribution-submit"
          >
            {t('owners.contribution.submit')}
          </Button>
        </Stack>
      </Form>
    </CommandCard>
  );
}

/** The owner's settled months, newest first. */
export function SettlementsTable({
  settlements,
  testIdPrefix = 'settlements',
}: {
  settlements: OwnerDetail['settlements'];
  testIdPrefix?: string;
}) {
  const lang = useLanguage();
  return (
    <ListTable
      texts="owners.settlements"
      columns={[
        'month',
        'building',
        { key: 'collected', align: 'right' },
        { key: 'fee', align: 'right' },
        { key: 'reserve', align: 'right' },
        { key: 'distribution', align: 'right' },
      ]}
      icon={IconCash}
      isEmpty={settlements.length === 0}
      testIdPrefix={testIdPrefix}
      minWidth={640}
      bodyStyle={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {settlements.map((row) => (
        <Table.Tr key={`${row.buildingId}:${row.month}`} data-testid="settlement-row">
          <Table.Th scope="row">{row.month}</Table.Th>
          <Table.Td>{row.buildingName}</Table.Td>
          <NoWrapCell ta="right">{formatCents(row.collectedCents, lang)}</NoWrapCell>
          <NoWrapCell ta="right">{formatCents(row.feeCents, lang)}</NoWrapCell>
          <NoWrapCell ta="right">{formatCents(row.reserveCents, lang)}</NoWrapCell>
          <NoWrapCell ta="right">{formatCents(row.distributionCents, lang)}</NoWrapCell>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

export function OwnerDetailPage({ detail, today, done, result }: Props) {
  const { t } = useTranslation();
  const edit = useActionResult(result, { intent: 'update', toast: TOAST, keepValues: true });
  // A regenerated statement: the toast says whether its fingerprint stayed the same.
  useActionResult(result, { intent: 'regenerate-statement', toast: TOAST });
  useDoneToast(done, (intent) => t(`owners.done.${intent}`), TOAST);
  return (
    <>
      <BackLink to="/admin/owners">{t('owners.detail.back')}</BackLink>
      <SignedInPageHeader
        title={detail.name}
        subtitle={detail.account ? t('owners.detail.signedUp', { email: detail.account.email }) : t('owners.detail.notSignedUp')}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <BuildingsSection detail={detail} today={today} result={result} />
            <SectionCard
              titleId="owner-statements-title"
              title={t('owners.statement.list.title')}
              description={t('owners.statement.list.body')}
            >
              <StatementsTable
                statements={detail.statements}
                hrefOf={(statement) => `/admin/owners/${detail.id}/statements/${statement.id}/pdf`}
                regenerate
                testIdPrefix="owner-statements"
              />
            </SectionCard>
            <SectionCard titleId="owner-settlements-title" title={t('owners.settlements.title')} description={t('owners.settlements.body')}>
              <SettlementsTable settlements={detail.settlements} />
            </SectionCard>
            <OwnerMessageThread messages={detail.messages} viewerSide="staff" result={result} toast={TOAST} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg" component="section" aria-labelledby="owner-edit-title">
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4" id="owner-edit-title">
                  {t('owners.detail.record')}
                </Title>
                <Badge variant="light" leftSection={<IconBuildingEstate size={12} aria-hidden />}>
                  {t(`owners.kinds.${detail.kind}`)}
                </Badge>
              </Group>
              <Form method="post" preventScrollReset ref={edit.formRef} key={edit.formKey} data-testid="owner-edit-form" noValidate>
                <input type="hidden" name="intent" value="update" />
                <Stack gap="sm">
                  <OwnerFields errors={edit.errors} values={edit.values} initial={detail} />
                  <Button
                    type="submit"
                    leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                    loading={edit.busy}
                    data-testid="owner-edit-submit"
                  >
                    {t('owners.detail.save')}
                  </Button>
                </Stack>
              </Form>
            </Paper>
            <InvitationForm detail={detail} result={result} />
            <AssignForm result={result} />
            <ContributionForm detail={detail} today={today} result={result} />
            <Text size="sm">
              <Anchor component={Link} to={`/admin/reports?report=ledger&account=3000`}>
                {t('owners.detail.ledgerLink')}
              </Anchor>
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
