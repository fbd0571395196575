/**
 * The two error screens of spec §2: (a) "Something went wrong" inside the page chrome and
 * (b) the top-level "Application Error". Both show an error id. On the server the id is the
 * request id that the server logged with the stack; an error raised in the browser gets an id
 * made from the time and a random string, reported to `/api/client-errors` to be logged.
 */
import { Alert, Button, Center, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { isHydrated } from '~/lib/hydration';

function clientErrorId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function useErrorId(error: unknown, serverErrorId: string | undefined): string | undefined {
  const [errorId, setErrorId] = useState(serverErrorId);
  useEffect(() => {
    // Hydrating a server-rendered error keeps the server's id; a client error gets its own.
    if (serverErrorId && !isHydrated()) return;
    const id = clientErrorId();
    setErrorId(id);
    const detail = error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
    void fetch('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ errorId: id, url: window.location.href, ...detail }),
    }).catch(() => undefined);
  }, [error, serverErrorId]);
  return errorId;
}

/** The error screens' buttons: try again (`onRetry`, else a reload), go home, reload the page. */
function ErrorScreenActions({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  const reload = () => window.location.reload();
  return (
    <Group>
      <Button onClick={() => (onRetry ? onRetry() : reload())}>{t('common.errors.tryAgain', 'Try Again')}</Button>
      <Button component="a" href="/" variant="default">
        {t('common.errors.goHome', 'Go Home')}
      </Button>
      <Button variant="subtle" onClick={reload}>
        {t('common.errors.reload', 'Reload Page')}
      </Button>
    </Group>
  );
}

type Props = { error: unknown; serverErrorId?: string | undefined; onRetry?: () => void };

/** spec §2 error screen (a), rendered inside the chrome when a page fails. */
export function RouteErrorScreen({ error, serverErrorId, onRetry }: Props) {
  const { t } = useTranslation();
  const errorId = useErrorId(error, serverErrorId);
  return (
    <Center py="xl" px="md">
      <Paper withBorder p="xl" maw={560} w="100%" role="alert">
        <Stack>
          <Group gap="sm">
            <IconAlertTriangle aria-hidden color="var(--mantine-color-red-6)" />
            <Title order={1} size="h2">
              {t('common.errors.routeTitle', 'Something went wrong')}
            </Title>
          </Group>
          <Text>{t('common.errors.routeMessage', 'We encountered an unexpected error. Our team has been notified.')}</Text>
          {errorId && (
            <Text size="sm" c="dimmed">
              {t('common.errors.errorId', 'Error ID')}: <Code data-testid="error-id">{errorId}</Code>
            </Text>
          )}
          <ErrorScreenActions onRetry={onRetry} />
        </Stack>
      </Paper>
    </Center>
  );
}

/** spec §2 error screen (b), the last line of defence when even the chrome cannot render. */
export function AppErrorScreen({ error, serverErrorId }: Props) {
  const { t } = useTranslation();
  const errorId = useErrorId(error, serverErrorId);
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="md" p="xl" maw={600} w="100%">
        <Stack>
          <Title order={1}>{t('common.errors.appTitle', 'Application Error')}</Title>
          <Text>{t('common.errors.appMessage', "We're sorry, but something went wrong. Our development team has been notified.")}</Text>
          {errorId && (
            <Alert color="gray" variant="light">
              {t('common.errors.errorId', 'Error ID')}: <Code data-testid="error-id">{errorId}</Code>
            </Alert>
          )}
          <ErrorScreenActions />
          <Text size="sm" c="dimmed">
            {t('common.errors.persist', 'If this problem persists, please contact support.')}
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
