/**
 * The staff inbox's two tabs (decision 018): live chat and contact-form inquiries, each
 * with how many conversations wait for an answer. They are links (`?inboxTab=`), so switching
 * works without JavaScript and the URL says which tab is open; the current one is marked
 * `aria-current="page"`.
 */
import { Badge, Button, Group } from '@mantine/core';
import { IconMail, IconMessages } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { INBOX_KINDS, type InboxKind, type InboxTabCount } from '../chat.types';

type Props = {
  current: InboxKind;
  counts: Record<InboxKind, InboxTabCount>;
  hrefFor: (changes: Record<string, string | null>) => string;
};

const ICONS = { chat: IconMessages, contact: IconMail } as const;

export function InboxTabs({ current, counts, hrefFor }: Props) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('leads.tabs.label')} data-testid="inbox-tabs">
      <Group gap="xs" wrap="wrap">
        {INBOX_KINDS.map((kind) => {
          const Icon = ICONS[kind];
          const active = kind === current;
          const waiting = counts[kind].unread;
          return (
            <Button
              key={kind}
              component={Link}
              to={hrefFor({ inboxTab: kind, thread: null, inboxPage: null })}
              preventScrollReset
              variant={active ? 'filled' : 'default'}
              size="sm"
              aria-current={active ? 'page' : undefined}
              leftSection={<Icon size={16} aria-hidden />}
              rightSection={
                waiting > 0 ? (
                  <Badge
                    size="sm"
                    color="red.9"
                    variant="filled"
                    autoContrast
                    aria-label={t('leads.tabs.waiting', { count: waiting })}
                    data-testid="inbox-tab-waiting"
                  >
                    {waiting}
                  </Badge>
                ) : undefined
              }
              title={t('leads.tabs.total', { count: counts[kind].total })}
              data-testid={`inbox-tab-${kind}`}
              data-count={counts[kind].total}
              data-waiting={waiting}
            >
              {t(`leads.tabs.${kind}`)}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
