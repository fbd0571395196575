/**
 * The not-found screen of spec §2, served with HTTP 404 by the server.
 */
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { Link, useNavigate } from 'react-router';

export function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center py={80} px="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Text fz={72} fw={800} c="dimmed" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>{t('common.notFound.title', 'Page not found')}</Title>
        <Text>{t('common.notFound.message', "The page you're looking for doesn't exist or may have been moved.")}</Text>
        <Group>
          <Button component={Link} to="/">
            {t('common.notFound.goHome', 'Go Home')}
          </Button>
          <Button variant="default" onClick={() => void navigate(-1)}>
            {t('common.notFound.goBack', 'Go Back')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
