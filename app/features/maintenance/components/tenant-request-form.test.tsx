// @vitest-environment happy-dom
/**
 * "Report a problem" with its offline queue (decision 027: "a request written while offline is
 * kept on the device and sent once when the connection returns"), as the new-request page puts
 * them together (RequestForm, QueuedRequests, useOfflineRequests), with `fetch` stubbed:
 * - a form with missing fields is refused on the device (nothing sent or kept) and the focus
 *   lands on the first field to fix;
 * - submitted while offline, the request is listed under "Waiting to send" with its title, an
 *   emergency shows the 24/7 line, and the form starts over blank;
 * - when the browser is back online the waiting request is posted once, with its client id,
 *   leaves the list, and the tenant is taken to the stored request's page;
 * - online, a request is posted at once and the tenant lands on its page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '~/test/render';
import { MAINTENANCE_REQUESTS_API } from '../tenant-requests.schemas';
import { EmergencyLine } from './emergency-line';
import { RequestForm } from './tenant-request-form';
import { QueuedRequests } from './tenant-request-list';
import { useOfflineRequests } from './use-offline-requests';

const PHONE = '+1 512 555 0100';
let online = true;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  online = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (window.navigator as { onLine?: boolean }).onLine;
});

const stored = (id: number) =>
  new Response(JSON.stringify({ ok: true, requestId: id, url: `/tenant-portal/maintenance/${id}`, priority: 'routine' }), {
    status: 201,
    headers: { 'Content-Type': 'application/json' },
  });

/** The posts to the maintenance endpoint: their text fields. */
function posts() {
  return fetchMock.mock.calls
    .filter(([url]) => url === MAINTENANCE_REQUESTS_API)
    .map(([, init]) => Object.fromEntries([...(init!.body as FormData).entries()].filter(([, value]) => typeof value === 'string')));
}

/** The new-request page as the route composes it, for the account `owner` (the queue is per account). */
function renderPage(owner: string) {
  function NewRequestPage() {
    const navigate = useNavigate();
    const [queuedEmergency, setQueuedEmergency] = useState(false);
    const queue = useOfflineRequests(owner, (answer) => {
      if (answer.url) void navigate(answer.url);
    });
    return (
      <>
        {queuedEmergency && <EmergencyLine phone={PHONE} prominent title="You are offline: call the 24/7 line now" />}
        <QueuedRequests items={queue.queued} sending={queue.sending} phone={PHONE} onDiscard={(id) => void queue.discard(id)} lang="en" />
        <RequestForm
          units={[{ unitId: 3, label: 'Unit 4B', address: '12 Elm St, Austin' }]}
          phone={PHONE}
          clientId={crypto.randomUUID()}
          queue={queue}
          onQueued={(priority) => setQueuedEmergency(priority === 'emergency')}
        />
      </>
    );
  }
  function RequestPage() {
    return <h1>Request {useParams().id}</h1>;
  }
  return renderRoute(
    [
      { path: '/tenant-portal/maintenance/new', Component: NewRequestPage },
      { path: '/tenant-portal/maintenance/:id', Component: RequestPage },
    ],
    { initialEntries: ['/tenant-portal/maintenance/new'] },
  );
}

type User = ReturnType<typeof renderPage>['user'];

async function fillRequest(user: User, { title, priority }: { title: string; priority?: string }) {
  if (priority) await user.click(screen.getByRole('radio', { name: new RegExp(priority) }));
  await user.selectOptions(screen.getByRole('combobox', { name: /Kind of problem/ }), 'plumbing');
  await user.type(screen.getByRole('textbox', { name: /Short title/ }), title);
  await user.type(screen.getByRole('textbox', { name: /What is happening/ }), 'Water under the sink.');
}

describe('the maintenance request form and its offline queue', () => {
  it('refuses a form with missing fields on the device and focuses the first field to fix', async () => {
    const { user } = renderPage('tenant-a');
    await user.type(screen.getByRole('textbox', { name: /Short title/ }), 'Leak');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect((await screen.findByTestId('request-error')).textContent).toBe('Please check the fields marked below.');
    const category = screen.getByRole('combobox', { name: /Kind of problem/ });
    expect(category.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(category);
    expect(screen.getByText('Choose what kind of problem it is.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /What is happening/ }).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('queued-requests')).toBeNull();
  });

  it('keeps a request written offline on the device, then sends it once when the connection is back', async () => {
    online = false;
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderPage('tenant-b');
    await fillRequest(user, { title: 'Leaking sink' });
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    // What the tenant sees: the request waiting to send, and a blank form for the next problem.
    const waiting = await screen.findByTestId('queued-requests');
    expect(within(waiting).getByRole('heading', { name: /Waiting to send/ })).toBeTruthy();
    const item = within(waiting).getByTestId('queued-request');
    expect(within(item).getByText('Leaking sink')).toBeTruthy();
    expect(item.getAttribute('data-state')).toBe('waiting');
    await waitFor(() => expect(within(item).getByTestId('queued-state').textContent).toBe('Waiting to send'));
    expect(screen.getByText('1 request waiting to send')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Short title/ }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Request 9')).toBeNull();

    // Back online: the browser says so, the server stores it.
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(stored(9));
    online = true;
    window.dispatchEvent(new Event('online'));

    expect(await screen.findByRole('heading', { name: 'Request 9' })).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]).toMatchObject({ title: 'Leaking sink', category: 'plumbing', priority: 'routine', unitId: '3' });
    expect(posts()[0]!.clientId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the 24/7 line at once when an emergency is kept offline', async () => {
    online = false;
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderPage('tenant-c');
    await fillRequest(user, { title: 'Burst pipe', priority: 'Emergency' });
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    const waiting = await screen.findByTestId('queued-requests');
    expect(within(waiting).getByText('Burst pipe')).toBeTruthy();
    const lines = screen.getAllByTestId('emergency-line');
    expect(lines.some((line) => line.textContent?.includes('You are offline: call the 24/7 line now'))).toBe(true);
    expect(within(lines[0]!).getByTestId('emergency-phone').textContent).toContain('555');
  });

  it('online, posts the request at once and opens its page', async () => {
    fetchMock.mockResolvedValue(stored(12));
    const { user } = renderPage('tenant-d');
    await fillRequest(user, { title: 'Broken heater' });
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByRole('heading', { name: 'Request 12' })).toBeTruthy();
    expect(posts()).toEqual([expect.objectContaining({ title: 'Broken heater', description: 'Water under the sink.' })]);
  });
});
