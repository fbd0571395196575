/**
 * An owner's photos as thumbnails, cover first (decision 017): move a photo earlier or
 * later, make it the cover, delete it after a confirmation. Every command is a small real form
 * posting to the photo endpoint, so it works without JavaScript (delete then goes without the
 * confirmation); with JavaScript it posts in the background, the order changes at once
 * (optimistically, until the server's answer and the reloaded data arrive) and focus follows
 * the photo that moved.
 */
import {
  ActionIcon,
  type ActionIconProps,
  AspectRatio,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Text,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconPhoto, IconStar, IconTrash, type Icon } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useRevalidator } from 'react-router';
import { imageSrcSet } from '~/lib/images';
import { photoCommandsUrl, type PhotoOwnerType } from '~/lib/uploads';
import { photoErrorMessage } from '../photo-messages';
import type { PhotoAnswer } from '../photos.schemas';
import classes from './photos.module.css';

type Owner = { type: PhotoOwnerType; id: number };
type Action = 'earlier' | 'later' | 'cover' | 'delete';

/** A command sent and not yet answered. */
type PendingCommand = { id: number; intent: 'move' | 'cover' | 'delete'; photo: string; to?: number };

/**
 * The photos as they will be once `pending` commands are applied. Each command is idempotent on
 * its own result (a move puts the photo at a position), so applying it again to the server's
 * new order changes nothing.
 */
export function applyPending(photos: string[], pending: readonly PendingCommand[]): string[] {
  let shown = photos;
  for (const command of pending) {
    const index = shown.indexOf(command.photo);
    if (index < 0) continue;
    const rest = shown.filter((_, i) => i !== index);
    if (command.intent === 'delete') shown = rest;
    else if (command.intent === 'cover') shown = [command.photo, ...rest];
    else {
      const to = Math.max(0, Math.min(rest.length, command.to ?? index));
      shown = [...rest.slice(0, to), command.photo, ...rest.slice(to)];
    }
  }
  return shown;
}

let commandSequence = 0;

/**
 * Sends photo commands in the background: the order changes at once (optimistically), a toast
 * gives the server's answer, and the page's data is reloaded.
 */
function usePhotoCommands(owner: Owner, photos: string[]) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<PendingCommand[]>([]);
  const action = photoCommandsUrl(owner);
  const send = useCallback(
    async (command: Omit<PendingCommand, 'id'>) => {
      const entry = { ...command, id: (commandSequence += 1) };
      setPending((list) => [...list, entry]);
      const body = new URLSearchParams({ intent: command.intent, photo: command.photo });
      if (command.to !== undefined) body.set('to', String(command.to));
      let answer: PhotoAnswer | null = null;
      let status = 0;
      try {
        const response = await fetch(action, { method: 'POST', body, headers: { Accept: 'application/json' } });
        status = response.status;
        answer = (await response.json().catch(() => null)) as PhotoAnswer | null;
      } catch {
        // The network failed: status 0.
      }
      const ok = Boolean(answer?.ok);
      const code = status === 401 ? 'signed_out' : status === 429 ? 'rate_limited' : status === 0 ? 'network' : 'server';
      notifications.show({
        color: ok ? 'teal' : 'red',
        title: ok ? t('common.toast.success') : t('photos.errors.title'),
        message: answer?.message || photoErrorMessage(t, { code, ownerType: owner.type }),
        closeButtonProps: { 'aria-label': t('portfolio.done.close') },
        styles: { description: { color: 'var(--mantine-color-text)' } },
        'data-testid': 'photo-toast',
      });
      await revalidator.revalidate();
      setPending((list) => list.filter((other) => other.id !== entry.id));
    },
    [action, owner.type, revalidator, t],
  );
  return { shown: applyPending(photos, pending), send, action };
}

type CardProps = {
  url: string;
  index: number;
  total: number;
  action: string;
  onCommand: (command: Omit<PendingCommand, 'id'>, focus: Action) => void;
};

/** A photo command's submit button: an icon named `label`, which its tooltip shows too; `data-action` is `action`. */
function IconSubmit({
  label,
  action,
  icon: IconComponent,
  ...props
}: { label: string; action: Action; icon: Icon } & Pick<ActionIconProps, 'variant' | 'color' | 'disabled'>) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon type="submit" size="lg" aria-label={label} data-action={action} {...props}>
        <IconComponent size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function PhotoCard({ url, index, total, action, onCommand }: CardProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const n = index + 1;

  // With JavaScript the forms post in the background; without it they post as they are.
  const post = (command: Omit<PendingCommand, 'id'>, focus: Action) => (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onCommand(command, focus);
  };

  const hidden = (intent: string, extra: Record<string, string> = {}) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="photo" value={url} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );

  // Moving earlier (left) or later (right) by one place; the ends cannot move further.
  const moves = [
    { focus: 'earlier', to: index - 1, disabled: index === 0, icon: IconArrowLeft, label: t('photos.grid.moveEarlier', { n }) },
    { focus: 'later', to: index + 1, disabled: index === total - 1, icon: IconArrowRight, label: t('photos.grid.moveLater', { n }) },
  ] as const;

  return (
    <Card
      withBorder
      padding="xs"
      radius="md"
      component="li"
      data-testid="photo-card"
      data-photo={url}
      aria-label={t('photos.grid.alt', { n, total })}
    >
      <Card.Section pos="relative">
        <AspectRatio ratio={4 / 3}>
          <Image
            {...imageSrcSet(url)}
            sizes="(max-width: 48em) 50vw, 260px"
            alt={t('photos.grid.alt', { n, total })}
            fit="cover"
            loading="lazy"
          />
        </AspectRatio>
        {index === 0 && (
          <Badge pos="absolute" top={8} left={8} leftSection={<IconStar size={12} aria-hidden />} data-testid="photo-cover">
            {t('photos.grid.cover')}
          </Badge>
        )}
      </Card.Section>
      <Group justify="space-between" gap={4} mt="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          {moves.map((move) => (
            <form key={move.focus} method="post" action={action} onSubmit={post({ intent: 'move', photo: url, to: move.to }, move.focus)}>
              {hidden('move', { to: String(move.to) })}
              <IconSubmit label={move.label} action={move.focus} icon={move.icon} variant="default" disabled={move.disabled} />
            </form>
          ))}
        </Group>
        <Group gap={4} wrap="nowrap" ml="auto">
          {index > 0 && (
            <form method="post" action={action} onSubmit={post({ intent: 'cover', photo: url }, 'cover')}>
              {hidden('cover')}
              <Button
                type="submit"
                variant="default"
                size="compact-sm"
                aria-label={t('photos.grid.makeCoverLabel', { n })}
                data-action="cover"
              >
                {t('photos.grid.makeCover')}
              </Button>
            </form>
          )}
          <form
            method="post"
            action={action}
            onSubmit={(event) => {
              // With JavaScript, ask first; without it the form posts as it is.
              event.preventDefault();
              setConfirming(true);
            }}
          >
            {hidden('delete')}
            <IconSubmit label={t('photos.grid.delete', { n })} action="delete" icon={IconTrash} variant="light" color="red" />
          </form>
        </Group>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('photos.confirm.title')} centered>
        <Group align="flex-start" wrap="nowrap" gap="md">
          <Image {...imageSrcSet(url)} sizes="120px" w={120} radius="sm" alt="" />
          <Text size="sm">{t('photos.confirm.body')}</Text>
        </Group>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('photos.confirm.cancel')}
          </Button>
          <Button
            color="red.9"
            data-testid="photo-delete-confirm"
            onClick={() => {
              setConfirming(false);
              onCommand({ intent: 'delete', photo: url }, 'delete');
            }}
          >
            {t('photos.confirm.confirm')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

export function PhotoGrid({ owner, photos }: { owner: Owner; photos: string[] }) {
  const { t } = useTranslation();
  const { shown, send, action } = usePhotoCommands(owner, photos);
  const list = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<{ url: string; action: Action; index: number } | null>(null);

  // Keyboard users keep their place: once the photo has moved (optimistically, at once), focus
  // goes to its same button (or the next best); after a delete, to the photo that took its place.
  useEffect(() => {
    if (!focus || !list.current) return;
    const cards = [...list.current.querySelectorAll<HTMLElement>('[data-testid="photo-card"]')];
    let card: HTMLElement | undefined;
    if (focus.action === 'delete') {
      if (cards[focus.index]?.dataset.photo === focus.url) return;
      card = cards[Math.min(focus.index, cards.length - 1)];
    } else {
      const expected = focus.action === 'cover' ? 0 : focus.action === 'earlier' ? focus.index - 1 : focus.index + 1;
      if (cards[expected]?.dataset.photo !== focus.url) return;
      card = cards[expected];
    }
    setFocus(null);
    if (!card) return;
    const wanted = focus.action === 'cover' ? 'later' : focus.action;
    const button =
      card.querySelector<HTMLButtonElement>(`[data-action="${wanted}"]:not(:disabled)`) ??
      card.querySelector<HTMLButtonElement>('button:not(:disabled)');
    button?.focus();
  }, [shown, focus]);

  if (shown.length === 0) {
    return (
      <EmptyState icon={<IconPhoto size={28} aria-hidden />} variant="light" data-testid="photos-empty">
        <EmptyState.Title order={3}>{t('photos.grid.emptyTitle')}</EmptyState.Title>
        <EmptyState.Description>{t('photos.grid.emptyBody')}</EmptyState.Description>
      </EmptyState>
    );
  }
  return (
    <SimpleGrid
      component="ul"
      ref={list}
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="sm"
      aria-label={t('photos.grid.label')}
      data-testid="photo-grid"
      className={classes.list}
    >
      {shown.map((url, index) => (
        // A URL may be listed twice (demo pictures): its occurrence makes the key unique.
        <PhotoCard
          key={`${url}#${shown.slice(0, index).filter((other) => other === url).length}`}
          url={url}
          index={index}
          total={shown.length}
          action={action}
          onCommand={(command, kind) => {
            setFocus({ url, action: kind, index });
            void send(command);
          }}
        />
      ))}
    </SimpleGrid>
  );
}
