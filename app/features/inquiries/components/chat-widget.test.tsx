// @vitest-environment happy-dom
/**
 * The live-chat widget (decision 012; spec §9) as a visitor uses it, with `/api/chat` answered by
 * a stubbed `fetch`: the bubble opens and closes the panel (Escape too, focus back on the
 * bubble); a first message needs a name and a valid e-mail (checked before anything is sent);
 * a message goes out as one `send` post and shows in the conversation; a refusal gives the text
 * back with the server's reason beside the field, or one message for the whole form; a message
 * that cannot reach the server stays on screen as waiting for the connection.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from '~/test/render';
import { stubFetchEachTest } from '~/test/stub-fetch';
import type { ChatSendAnswer } from '../chat.types';
import { ChatWidget } from './chat-widget';

const thread = { id: 41, status: 'open' as const, visitorName: 'Ada', visitorEmail: 'ada@example.com' };

/** What a successful `send` answers for the message in `body` of the post. */
function stored(post: { body: string; clientId: string }): ChatSendAnswer {
  return {
    ok: true,
    duplicate: false,
    thread,
    message: {
      id: 7,
      threadId: thread.id,
      authorKind: 'visitor',
      authorName: 'Ada',
      body: post.body,
      clientId: post.clientId,
      createdAt: new Date().toISOString(),
    },
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = stubFetchEachTest();
beforeEach(() => {
  localStorage.clear();
});

/** The JSON bodies of the `send` posts made so far. */
function sendPosts() {
  return fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/chat' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>)
    .filter((body) => body.intent === 'send');
}

function renderWidget() {
  return renderRoute([{ path: '/', Component: () => <ChatWidget viewer={null} hasChat={false} /> }]);
}

/** Opens the panel and fills the first-message form. */
async function writeFirstMessage(user: ReturnType<typeof renderWidget>['user'], text: string) {
  await user.click(screen.getByRole('button', { name: 'Open chat' }));
  const panel = screen.getByRole('dialog', { name: 'Chat with Dimora' });
  await user.type(within(panel).getByRole('textbox', { name: /Your name/ }), 'Ada');
  await user.type(within(panel).getByRole('textbox', { name: /E-mail/ }), 'ada@example.com');
  await user.type(within(panel).getByRole('textbox', { name: 'Message' }), text);
  return panel;
}

describe('ChatWidget', () => {
  it('opens from the bubble with the cursor in the name field, and closes with Escape or the close button', async () => {
    const { user } = renderWidget();
    const bubble = screen.getByRole('button', { name: 'Open chat' });
    expect(bubble.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(bubble);
    const panel = screen.getByRole('dialog', { name: 'Chat with Dimora' });
    expect(bubble.getAttribute('aria-expanded')).toBe('true');
    expect(bubble.getAttribute('aria-label')).toBe('Close chat');
    expect(within(panel).getByTestId('chat-intro').textContent).toMatch(/Tell us your name/);
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('textbox', { name: /Your name/ })));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bubble);
    expect(bubble.getAttribute('aria-label')).toBe('Open chat');

    await user.click(bubble);
    await user.click(within(screen.getByRole('dialog')).getByTestId('chat-close'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bubble);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a name and a valid e-mail before sending a first message', async () => {
    const { user } = renderWidget();
    await user.click(screen.getByRole('button', { name: 'Open chat' }));
    const panel = screen.getByRole('dialog');
    await user.type(within(panel).getByRole('textbox', { name: /E-mail/ }), 'ada@');
    await user.type(within(panel).getByRole('textbox', { name: 'Message' }), 'Is the loft free in May?');
    await user.click(within(panel).getByRole('button', { name: 'Start chat' }));

    const name = within(panel).getByRole('textbox', { name: /Your name/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(panel).getByText('This field is required')).toBeTruthy();
    expect(within(panel).getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect((within(panel).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Is the loft free in May?');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the message with who wrote it and shows it in the conversation', async () => {
    fetchMock.mockImplementation(async (_url, init) => json(stored(JSON.parse(String(init!.body)))));
    const { user } = renderWidget();
    const panel = await writeFirstMessage(user, 'Is the loft free in May?');
    await user.click(within(panel).getByRole('button', { name: 'Start chat' }));

    const log = await within(panel).findByRole('list', { name: 'Conversation with Dimora' });
    await waitFor(() => expect(within(log).getByTestId('chat-message').getAttribute('data-state')).toBe('sent'));
    expect(within(log).getByText('Is the loft free in May?')).toBeTruthy();
    expect(sendPosts()).toEqual([
      expect.objectContaining({
        intent: 'send',
        body: 'Is the loft free in May?',
        name: 'Ada',
        email: 'ada@example.com',
        clientId: expect.any(String),
      }),
    ]);
    // The thread exists now: the composer no longer asks who is writing, and the box is empty.
    expect(within(panel).queryByRole('textbox', { name: /Your name/ })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeTruthy();
    expect((within(panel).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');
  });

  it("gives the text back with the server's reason beside the message box when it is refused", async () => {
    fetchMock.mockResolvedValue(json({ ok: false, errors: { body: 'Links are not allowed in a first message' } }, 422));
    const { user } = renderWidget();
    const panel = await writeFirstMessage(user, 'See https://example.com');
    await user.click(within(panel).getByRole('button', { name: 'Start chat' }));

    expect(await within(panel).findByText('Links are not allowed in a first message')).toBeTruthy();
    const box = within(panel).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(box.value).toBe('See https://example.com');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(within(panel).queryByTestId('chat-message')).toBeNull();
    expect(sendPosts()).toHaveLength(1);
  });

  it('says the message could not be sent when the refusal names no field', async () => {
    fetchMock.mockResolvedValue(json({ ok: false, errors: {} }, 422));
    const { user } = renderWidget();
    const panel = await writeFirstMessage(user, 'Hello');
    await user.click(within(panel).getByRole('button', { name: 'Start chat' }));

    expect((await within(panel).findByRole('alert')).textContent).toBe('Your message could not be sent.');
    expect((within(panel).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('keeps a message that cannot reach the server on screen, waiting for the connection', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderWidget();
    const panel = await writeFirstMessage(user, 'Anyone there?');
    await user.click(within(panel).getByRole('button', { name: 'Start chat' }));

    const message = await within(panel).findByTestId('chat-message');
    await waitFor(() => expect(message.getAttribute('data-state')).toBe('pending'));
    expect(within(message).getByText('Anyone there?')).toBeTruthy();
    expect(within(message).getByTestId('chat-message-state').textContent).toBe('Waiting for connection…');
    expect(Object.keys(localStorage).some((key) => key.startsWith('dimora.chat.queue.'))).toBe(true);
  });
});
