/**
 * The e-mail, person-name and phone inputs the account, sign-up and public forms share: the
 * same input type, browser autofill hint and length limit (`TEXT_LIMITS`) everywhere, so the
 * server's limits and the field's agree. Each is a Mantine TextInput that posts as usual (works
 * without JavaScript, decision 004).
 *
 * Props: `name` (the posted field), `errors` and `values` (the form's server messages and echoed
 * values, read at `name`; both optional) and any TextInput prop, which wins over the defaults
 * (e.g. `autoComplete="off"` on a staff form, `required` on a phone, an explicit `defaultValue`).
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { TEXT_LIMITS } from '~/lib/form-fields';

type FieldProps<N extends string> = Omit<TextInputProps, 'name'> & {
  name: N;
  errors?: Partial<Record<N, string>>;
  values?: Partial<Record<N, string>>;
};

type FieldDefaults = Pick<TextInputProps, 'type' | 'autoComplete' | 'required' | 'maxLength'>;

/**
 * A field component: a TextInput with `defaults` (input type, autofill hint, required, length
 * limit) that shows the form's error and echoed value at `name`; the caller's props win.
 */
function personField(defaults: FieldDefaults) {
  return function PersonField<N extends string>({ name, errors, values, ...props }: FieldProps<N>) {
    return <TextInput name={name} {...defaults} defaultValue={values?.[name]} error={errors?.[name]} {...props} />;
  };
}

/** An e-mail address: `type="email"`, `autoComplete="email"`, required. */
export const EmailField = personField({ type: 'email', autoComplete: 'email', required: true, maxLength: TEXT_LIMITS.email });

/** A person's full name: `autoComplete="name"`, required. */
export const PersonNameField = personField({ autoComplete: 'name', required: true, maxLength: TEXT_LIMITS.name });

/** A phone number: `type="tel"`, `autoComplete="tel"`; optional unless `required` is given. */
export const PhoneField = personField({ type: 'tel', autoComplete: 'tel', maxLength: TEXT_LIMITS.phone });
