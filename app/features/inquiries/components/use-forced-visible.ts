/**
 * spec §9: the chat bubble is forced visible, rechecked every `CHAT_WIDGET_CHECK_MS` (2 s): a
 * stylesheet or an extension that hides it is overridden. Shared by the light launcher (first
 * load) and the full widget (decision 036: the widget is loaded on demand).
 */
import { useEffect, type RefObject } from 'react';
import { CHAT_WIDGET_CHECK_MS } from '~/lib/constants';

/** Keeps the button behind `ref` displayed, visible and opaque while the component is mounted. */
export function useForcedVisible(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const timer = window.setInterval(() => {
      const button = ref.current;
      if (!button) return;
      const style = window.getComputedStyle(button);
      if (style.display === 'none' || style.visibility !== 'visible' || Number(style.opacity) < 1) {
        button.style.setProperty('display', 'inline-flex', 'important');
        button.style.setProperty('visibility', 'visible', 'important');
        button.style.setProperty('opacity', '1', 'important');
      }
    }, CHAT_WIDGET_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [ref]);
}
