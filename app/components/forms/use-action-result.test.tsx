// @vitest-environment happy-dom
/**
 * The client half of the page protocol (decision 037), `useActionResult`, through a tiny form
 * posting to a route action in a routes stub: a refusal shows each field's message and moves the
 * focus to the first invalid field (keyboard and screen-reader users land on the error); a
 * success shows its toast, calls `onSuccess` and gives a fresh, empty form; a form only takes the
 * answers of its own intent.
 */
import { TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { Form, useActionData } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ActionResult } from '~/lib/action-result';
import { renderRoute } from '~/test/render';
import { useActionResult } from './use-action-result';

type Answer = ActionResult<'save' | 'other'>;

/** The action: a name and a valid e-mail are required; a post with intent `other` answers for the other form. */
async function action({ request }: { request: Request }): Promise<Answer> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  if (intent === 'other') return { ok: false, intent: 'other', errors: { name: 'Wrong form' } };
  const name = String(form.get('name') ?? '').trim();
  const email = String(form.get('email') ?? '').trim();
  const errors: Record<string, string> = {};
  if (!name) errors.name = 'Enter a name';
  if (!email.includes('@')) errors.email = 'Enter an e-mail address';
  if (Object.keys(errors).length > 0) return { ok: false, intent: 'save', errors, values: { name, email } };
  return { ok: true, intent: 'save', message: `Saved ${name}` };
}

function renderForm(onSuccess = vi.fn()) {
  function ContactForm() {
    const answer = useActionData<Answer>();
    const { errors, values, busy, formRef, formKey } = useActionResult(answer, {
      intent: 'save',
      onSuccess,
      toast: { testId: 'saved-toast' },
    });
    return (
      <Form method="post" ref={formRef} key={formKey} noValidate>
        {/* The raw answer's intent, so a test knows the post has been answered. */}
        <output data-testid="answered">{answer?.intent ?? ''}</output>
        <TextInput name="name" label="Name" defaultValue={values.name as string | undefined} error={errors.name} />
        <TextInput name="email" label="E-mail" defaultValue={values.email as string | undefined} error={errors.email} />
        <button type="submit" name="intent" value="save" disabled={busy}>
          Save
        </button>
        <button type="submit" name="intent" value="other">
          Other
        </button>
      </Form>
    );
  }
  return { onSuccess, ...renderRoute([{ path: '/', Component: ContactForm, action }]) };
}

describe('useActionResult', () => {
  it('shows the field errors and focuses the first invalid field, keeping what was typed', async () => {
    const { user, onSuccess } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter a name')).toBeTruthy();
    expect(screen.getByText('Enter an e-mail address')).toBeTruthy();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe('not-an-address');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('focuses the e-mail field when it is the only invalid one', async () => {
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Enter an e-mail address');
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('after a success shows the toast, calls onSuccess once and gives a fresh, empty form', async () => {
    const { user, onSuccess } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved Ada')).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith({ ok: true, intent: 'save', message: 'Saved Ada' });
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(''));
    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Enter a name')).toBeNull();
  });

  it("ignores another intent's answer", async () => {
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Other' }));
    await waitFor(() => expect(screen.getByTestId('answered').textContent).toBe('other'));
    expect(screen.queryByText('Wrong form')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Ada');
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).not.toBe('true');
  });
});
