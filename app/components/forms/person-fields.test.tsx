// @vitest-environment happy-dom
/**
 * The e-mail, name and phone fields (app/components/forms/person-fields.tsx): each posts under its
 * `name` with its input type, autofill hint and the server's length limit (`TEXT_LIMITS`), shows
 * the form's echoed value and error at that name, and lets the caller's props win.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '~/lib/form-fields';
import { renderWithProviders } from '~/test/render';
import { EmailField, PersonNameField, PhoneField } from './person-fields';

describe('person fields', () => {
  it.each([
    ['E-mail', 'email', 'email', TEXT_LIMITS.email, true],
    ['Name', 'text', 'name', TEXT_LIMITS.name, true],
    ['Phone', 'tel', 'tel', TEXT_LIMITS.phone, false],
  ] as const)(
    'give the %s field its type, autofill hint, limit and whether it is required',
    (label, type, autoComplete, limit, required) => {
      renderWithProviders(
        <>
          <EmailField name="email" label="E-mail" />
          <PersonNameField name="name" label="Name" />
          <PhoneField name="phone" label="Phone" />
        </>,
      );
      const input = screen.getByLabelText(new RegExp(label)) as HTMLInputElement;
      expect([input.type, input.autocomplete, input.maxLength, input.required]).toEqual([type, autoComplete, limit, required]);
    },
  );

  it('show the value sent back and the error at their name', () => {
    renderWithProviders(
      <EmailField name="email" label="E-mail" values={{ email: 'ada@example.com' }} errors={{ email: 'Enter a valid e-mail.' }} />,
    );
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.getByText('Enter a valid e-mail.')).toBeTruthy();
  });

  it('let the caller override a default', () => {
    renderWithProviders(<PhoneField name="phone" label="Phone" required autoComplete="off" />);
    const phone = screen.getByLabelText(/Phone/) as HTMLInputElement;
    expect([phone.required, phone.autocomplete]).toEqual([true, 'off']);
  });
});
