/**
 * /auth/verify?token=… (spec §4 "Session"; the link of the verification e-mail): confirms the
 * e-mail address and redirects (302) to `/auth?verified=1`. A missing, invalid or expired link
 * renders a red alert "This confirmation link is invalid or has expired." with status 400 and a
 * hint to sign in (signing in with an unconfirmed address sends a new link). Rate-limited: the
 * spec's rate-limit message with status 429 and `Retry-After`.
 */
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconLogin } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { data, Link, redirect } from 'react-router';
import { useRateLimitMessage } from '~/components/forms/use-rate-limit-toast';
import { verifyEmail } from '~/features/accounts/accounts.server';
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Route } from './+types/verify';
import { tooManyRequests } from '~/server/responses.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  const token = (new URL(request.url).searchParams.get('token') ?? '').trim();
  const page = {
    i18n: translations(lang, ['auth']),
    meta: pageMeta(lang, 'auth.verify.meta.title', 'auth.verify.meta.description'),
  };
  if (!token) return data({ ...page, rateLimited: null }, { status: 400 });
  const result = await verifyEmail({ context, request }, token);
  if (result.ok) return redirect('/auth?verified=1');
  if (result.reason === 'rate_limited') {
    return tooManyRequests({ ...page, rateLimited: { action: result.action, retryAfterS: result.retryAfterS } }, result.retryAfterS);
  }
  return data({ ...page, rateLimited: null }, { status: 400 });
}

export const meta = loaderMeta;

/** The failure page: what went wrong and the way on (sign in again). */
export default function VerifyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const rateLimitMessage = useRateLimitMessage(loaderData);
  return (
    <Container size={480} px="md" py="xl">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('auth.verify.title')}
          </Title>
          {rateLimitMessage ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="verify-rate-limited">
              {rateLimitMessage}
            </Alert>
          ) : (
            <Alert
              color="red"
              icon={<IconAlertCircle aria-hidden />}
              title={t('auth.verify.invalidTitle')}
              role="alert"
              data-testid="verify-invalid"
            >
              {t('auth.verify.invalid')}
            </Alert>
          )}
          <Text size="sm">{t('auth.verify.hint')}</Text>
          <Button component={Link} to="/auth" leftSection={<IconLogin size={16} aria-hidden />} fullWidth>
            {t('auth.verify.signIn')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
