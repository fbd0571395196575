// @vitest-environment happy-dom
/**
 * The chat bubble of the first load (decision 036: the widget is a separate chunk): a click on
 * the light bubble loads the full widget and opens its panel at once; a link with `?chat=open`
 * (a notification's) loads it opened; a visitor with nothing to load keeps the light bubble and
 * no request is made.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '~/test/render';
import { stubFetchEachTest } from '~/test/stub-fetch';
import { ChatLauncher } from './chat-launcher';

const fetchMock = stubFetchEachTest();
beforeEach(() => {
  localStorage.clear();
});

function renderLauncher(entry = '/') {
  return renderRoute([{ path: '/', Component: () => <ChatLauncher viewer={null} hasChat={false} /> }], { initialEntries: [entry] });
}

describe('ChatLauncher', () => {
  it('shows the closed bubble and makes no request for a visitor without a conversation', () => {
    renderLauncher();
    const bubble = screen.getByRole('button', { name: 'Open chat' });
    expect(bubble.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the full widget on a click of the bubble', async () => {
    const { user } = renderLauncher();
    await user.click(screen.getByRole('button', { name: 'Open chat' }));
    const panel = await screen.findByRole('dialog', { name: 'Chat with Dimora' });
    expect(within(panel).getByRole('button', { name: 'Start chat' })).toBeTruthy();
    expect(screen.getByTestId('chat-bubble').getAttribute('aria-expanded')).toBe('true');
  });

  it('opens the widget by itself for a link with ?chat=open', async () => {
    renderLauncher('/?chat=open');
    expect(await screen.findByRole('dialog', { name: 'Chat with Dimora' })).toBeTruthy();
  });
});
