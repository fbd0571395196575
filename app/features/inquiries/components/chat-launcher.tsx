/**
 * The chat bubble of the first load (decision 036: first-load JS ≤ 150 KB gzipped). The full
 * widget (chat-widget.tsx: panel, form, offline queue, live replies) is a separate chunk, loaded
 * only when it is needed:
 * - at once after hydration when the visitor has a conversation (chat cookie or account: the
 *   unread dot needs it), has messages waiting in localStorage, or the URL asks `?chat=open`;
 * - on a click of the bubble (then the panel opens as soon as it is there);
 * - fetched ahead when the pointer or focus reaches the bubble, so the click is quick.
 * Until then this renders the same button (same geometry, label and test id), forced visible
 * like the widget's (spec §9), so the swap is invisible.
 */
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/lib/i18n';
import { useLocation } from 'react-router';
import { CHAT_QUEUE_PREFIX } from '../chat.types';
import type { ChatWidget as ChatWidgetComponent } from './chat-widget';
import classes from './chat.module.css';
import { useForcedVisible } from './use-forced-visible';

/** The widget's chunk (the browser fetches it once; later calls share the promise). */
const loadWidget = () => import('./chat-widget');

type Props = {
  /** The signed-in user (root loader), whose name and e-mail the chat uses. */
  viewer: { name: string; email: string } | null;
  /** The visitor has a chat cookie (root loader): load their conversation at once. */
  hasChat: boolean;
};

/** Messages typed offline and not sent yet (the widget's localStorage queue). */
function hasQueuedMessages(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(CHAT_QUEUE_PREFIX));
  } catch {
    return false;
  }
}

/** The round chat button before the widget is loaded; `onOpen` asks for the widget, opened. */
function Bubble({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  useForcedVisible(ref);
  const prefetch = () => void loadWidget().catch(() => undefined);
  return (
    <button
      ref={ref}
      type="button"
      className={classes.bubble}
      aria-label={t('chat.open')}
      aria-expanded={false}
      onClick={onOpen}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      data-testid="chat-bubble"
      data-unread="false"
    >
      <IconMessageCircle size={28} aria-hidden />
    </button>
  );
}

/**
 * The chat on every page: the light bubble, replaced by the full widget once it is wanted and
 * loaded. A chunk that cannot be fetched (offline) leaves the bubble; the next click tries again.
 */
export function ChatLauncher({ viewer, hasChat }: Props) {
  const location = useLocation();
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [Widget, setWidget] = useState<typeof ChatWidgetComponent | null>(null);
  const chatOpenParam = new URLSearchParams(location.search).get('chat') === 'open';

  useEffect(() => {
    if (hasChat || viewer || chatOpenParam || hasQueuedMessages()) setWanted(true);
  }, [hasChat, viewer, chatOpenParam]);

  // The chunk is fetched ahead when the browser is idle after the load, so the widget (and its
  // offline queue) works even if the connection drops before the first click.
  useEffect(() => {
    const prefetch = () => void loadWidget().catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(prefetch, 5_000);
      return () => window.clearTimeout(timer);
    }
    let idle = 0;
    const timer = window.setTimeout(() => {
      idle = window.requestIdleCallback(prefetch, { timeout: 10_000 });
    }, 5_000);
    return () => {
      window.clearTimeout(timer);
      if (idle) window.cancelIdleCallback(idle);
    };
  }, []);

  useEffect(() => {
    if (!wanted || Widget) return;
    let live = true;
    loadWidget().then(
      (module) => {
        if (live) setWidget(() => module.ChatWidget);
      },
      () => {
        if (live) setWanted(false);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, Widget]);

  if (!Widget) {
    return (
      <Bubble
        onOpen={() => {
          setOpen(true);
          setWanted(true);
        }}
      />
    );
  }
  return <Widget viewer={viewer} hasChat={hasChat} initialOpen={open} />;
}
