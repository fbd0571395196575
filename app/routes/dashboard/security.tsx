/**
 * /dashboard/security (decision 023): two-step verification for any signed-in user, and the
 * only page an admin or property manager reaches until they have set it up (the guards of
 * session.server.ts send them here; this page passes `allowUnenrolled`).
 *
 * Enrolment, one form post per step: `intent=start` (password) → the QR code (SVG rendered on the
 * server with `qrcode`) and the key as text → `intent=verify` (the first six-digit code, plus the
 * `uri` and sealed backup codes of the previous answer) → the backup codes, shown once, to copy
 * or download. Once on: `intent=regenerate` (password) shows new backup codes once;
 * `intent=disable` (password) turns it off, tenants and vendors only. Every step is rate-limited
 * (`two_factor`) and audited. Answers: 200 with the next step; 400 with field errors; 401 for a
 * wrong password or code; 403 when staff try to turn it off; 429 when rate-limited.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  CopyButton,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCopy, IconDownload, IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useTranslation } from '~/lib/i18n';
import { data, Form, Link, redirect } from 'react-router';
import { SignedInPageHeader } from '~/components/page-header';
import { checkRateLimit } from '~/server/rate-limit.server';
import { useIntentBusy } from '~/components/forms/use-intent-busy';
import { totpCode } from '~/features/accounts/two-factor.schemas';
import { confirmEnrolment, disableTwoFactor, regenerateBackupCodes, startEnrolment } from '~/features/accounts/two-factor.server';
import { translations } from '~/i18n/resources.server';
import { getT, pageMeta } from '~/i18n/translate.server';
import { mustEnrolTwoFactor, TWO_FACTOR_REQUIRED_ROLES } from '~/lib/access';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import { readFormData } from '~/server/http/form.server';
import { rateLimitedAnswer, redirectWithCookies } from '~/server/responses.server';
import type { Route } from './+types/security';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'signed-in', { allowUnenrolled: true });
  const lang = requestLanguage(request);
  return {
    enabled: viewer.twoFactorEnabled,
    required: TWO_FACTOR_REQUIRED_ROLES.includes(viewer.role),
    mustEnrol: mustEnrolTwoFactor(viewer.role, viewer.twoFactorEnabled),
    i18n: translations(lang, ['account', 'auth']),
    meta: pageMeta(lang, 'account.security.meta.title', 'account.security.meta.description'),
  };
}

type Failure = { ok: false; intent: string; errors: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole(request, context, 'signed-in', { allowUnenrolled: true });
  const t = getT(requestLanguage(request));
  const call = { context, request };
  const form = await readFormData(request);
  const intent = String(form.get('intent') ?? '');
  const password = String(form.get('password') ?? '').slice(0, 200);
  const fail = (field: string, key: string, status: number) =>
    data<Failure>({ ok: false, intent, errors: { [field]: t(`account.security.errors.${key}`) } }, { status });
  const limited = await checkRateLimit(call, 'two_factor', viewer.id);
  if (limited) return rateLimitedAnswer(limited);

  if (intent === 'start') {
    if (!password) return fail('password', 'invalid_password', 400);
    const started = await startEnrolment(call, viewer, password);
    if (!started.ok) return fail('password', started.reason, started.reason === 'invalid_password' ? 401 : 400);
    return {
      ok: true as const,
      step: 'scan' as const,
      qrSvg: started.qrSvg,
      secret: started.secret,
      uri: started.uri,
      sealed: started.sealedBackupCodes,
    };
  }
  if (intent === 'verify') {
    const uri = String(form.get('uri') ?? '');
    const sealed = String(form.get('sealed') ?? '').slice(0, 4000);
    if (!uri.startsWith('otpauth://totp/') || uri.length > 500) return fail('password', 'invalid_code', 400);
    const again = async (status: number) =>
      data(
        {
          ok: false as const,
          intent,
          step: 'scan' as const,
          qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
          secret: new URL(uri).searchParams.get('secret') ?? '',
          uri,
          sealed,
          errors: { code: t('account.security.errors.invalid_code') },
        },
        { status },
      );
    const code = totpCode.safeParse(String(form.get('code') ?? ''));
    if (!code.success) return again(400);
    const confirmed = await confirmEnrolment(call, viewer, { code: code.data, sealedBackupCodes: sealed });
    if (!confirmed.ok) return again(401);
    return data({ ok: true as const, step: 'codes' as const, backupCodes: confirmed.backupCodes }, { headers: confirmed.headers });
  }
  if (intent === 'regenerate') {
    const result = await regenerateBackupCodes(call, viewer, password);
    if (!result.ok) return fail('password', result.reason, 401);
    return { ok: true as const, step: 'codes' as const, backupCodes: result.backupCodes };
  }
  if (intent === 'disable') {
    const result = await disableTwoFactor(call, viewer, password);
    if (!result.ok) return fail('password', result.reason, result.reason === 'required' ? 403 : 401);
    return redirectWithCookies('/dashboard/security', result.headers);
  }
  return redirect('/dashboard/security');
}

export const meta = loaderMeta;

function PasswordForm({ intent, label, error, color }: { intent: string; label: string; error?: string; color?: string }) {
  const { t } = useTranslation();
  const busy = useIntentBusy(intent);
  return (
    <Form method="post" data-testid={`security-${intent}-form`}>
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="sm" maw={420}>
        <PasswordInput name="password" label={t('account.security.password')} autoComplete="current-password" required error={error} />
        <Group>
          <Button type="submit" loading={busy} color={color}>
            {label}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** The backup codes, shown once: a list, a copy button and a download link (a text file). */
function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  return (
    <Stack gap="sm" data-testid="backup-codes">
      <Title order={2} size="h4">
        {t('account.security.codesTitle')}
      </Title>
      <Alert color="yellow" icon={<IconAlertCircle aria-hidden />}>
        {t('account.security.codesHelp')}
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {codes.map((code) => (
          <li key={code}>
            <Code fz="md" data-testid="backup-code">
              {code}
            </Code>
          </li>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
              {copied ? t('account.security.copied') : t('account.security.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          component="a"
          variant="light"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text + '\n')}`}
          download="dimora-backup-codes.txt"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t('account.security.download')}
        </Button>
      </Group>
      <Group>
        <Button component={Link} to="/dashboard" reloadDocument data-testid="backup-codes-done">
          {t('account.security.done')}
        </Button>
      </Group>
    </Stack>
  );
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { enabled, required, mustEnrol } = loaderData;
  const answer = actionData as
    (Record<string, unknown> & { step?: string; errors?: Record<string, string>; intent?: string; rateLimited?: unknown }) | undefined;
  const errors = answer?.errors ?? {};
  const codes = answer?.step === 'codes' ? (answer.backupCodes as string[]) : null;
  const scan = answer?.step === 'scan' ? (answer as unknown as { qrSvg: string; secret: string; uri: string; sealed: string }) : null;
  const verifyBusy = useIntentBusy('verify');

  return (
    <Container size="md" py="xl">
      <SignedInPageHeader
        title={t('account.security.title')}
        subtitle={t('account.security.subtitle')}
        actions={
          mustEnrol ? null : (
            <Anchor component={Link} to="/dashboard">
              {t('account.security.back')}
            </Anchor>
          )
        }
      />
      <Paper withBorder p="lg" component="section" aria-labelledby="two-factor-title">
        <Stack gap="md">
          <Group gap="sm">
            {enabled ? <IconShieldCheck aria-hidden /> : <IconShieldLock aria-hidden />}
            <Title order={2} size="h4" id="two-factor-title">
              {enabled && !scan ? t('account.security.statusOn') : t('account.security.statusOff')}
            </Title>
            <Badge color={enabled ? 'teal.9' : 'gray'} variant="filled" data-testid="two-factor-status" data-enabled={String(enabled)}>
              {enabled ? t('account.security.statusOn') : t('account.security.statusOff')}
            </Badge>
          </Group>
          {answer?.rateLimited ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t('auth.twoFactor.errors.locked')}
            </Alert>
          ) : null}
          {codes ? (
            <BackupCodes codes={codes} />
          ) : scan ? (
            <Stack gap="sm" data-testid="enrol-scan">
              <Text>{t('account.security.scanHelp')}</Text>
              <div
                role="img"
                aria-label={t('account.security.qrAlt')}
                style={{ width: 200, height: 200, background: '#fff' }}
                data-testid="totp-qr"
                dangerouslySetInnerHTML={{ __html: scan.qrSvg }}
              />
              <Text size="sm">{t('account.security.manual')}</Text>
              <Code fz="md" data-testid="totp-secret" style={{ overflowWrap: 'anywhere' }}>
                {scan.secret}
              </Code>
              <Form method="post" data-testid="security-verify-form">
                <input type="hidden" name="intent" value="verify" />
                <input type="hidden" name="uri" value={scan.uri} />
                <input type="hidden" name="sealed" value={scan.sealed} />
                <Stack gap="sm" maw={420}>
                  <TextInput
                    name="code"
                    label={t('account.security.verifyLabel')}
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    maxLength={9}
                    required
                    error={errors.code}
                    data-testid="enrol-code"
                  />
                  <Group>
                    <Button type="submit" loading={verifyBusy}>
                      {t('account.security.verify')}
                    </Button>
                  </Group>
                </Stack>
              </Form>
            </Stack>
          ) : enabled ? (
            <Stack gap="lg">
              <Stack gap="xs">
                <Text size="sm">{t('account.security.regenerateHelp')}</Text>
                <PasswordForm
                  intent="regenerate"
                  label={t('account.security.regenerate')}
                  error={answer?.intent === 'regenerate' ? errors.password : undefined}
                />
              </Stack>
              {!required && (
                <Stack gap="xs">
                  <Text size="sm">{t('account.security.disableHelp')}</Text>
                  <PasswordForm
                    intent="disable"
                    label={t('account.security.disable')}
                    color="red"
                    error={answer?.intent === 'disable' ? errors.password : undefined}
                  />
                </Stack>
              )}
            </Stack>
          ) : (
            <Stack gap="sm">
              <Alert
                color={mustEnrol ? 'orange' : 'blue'}
                icon={<IconShieldLock aria-hidden />}
                data-testid={mustEnrol ? 'two-factor-required' : 'two-factor-optional'}
              >
                {mustEnrol ? t('account.security.required') : t('account.security.optional')}
              </Alert>
              <PasswordForm
                intent="start"
                label={t('account.security.start')}
                error={answer?.intent === 'start' ? errors.password : undefined}
              />
            </Stack>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
