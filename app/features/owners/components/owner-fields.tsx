/**
 * The owner record's fields (decision 061), shared by the create and edit forms: person or
 * company, name, e-mail, phone and the language of their e-mails and statements, each with its
 * refusal; a whole-form refusal above them.
 */
import { Alert, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '~/lib/form-fields';
import { useTranslation } from '~/lib/i18n';
import { OWNER_KINDS, OWNER_LOCALES } from '../owners.schemas';

type Values = Partial<Record<'kind' | 'name' | 'email' | 'phone' | 'locale', string | string[]>>;

/** `errors` and `values`: the last refused post's (by field); `initial`: the saved record when editing. */
export function OwnerFields({
  errors,
  values,
  initial = {},
}: {
  errors: Record<string, string>;
  values: Values;
  initial?: { kind?: string; name?: string; email?: string; phone?: string | null; locale?: string };
}) {
  const { t } = useTranslation();
  const value = (name: keyof Values) => {
    const echoed = values[name];
    return typeof echoed === 'string' ? echoed : (initial[name] ?? '');
  };
  return (
    <Stack gap="sm">
      {errors.form && (
        <Alert color="red" role="alert" data-testid="owner-form-error">
          {errors.form}
        </Alert>
      )}
      <div>
        <Text component="span" size="sm" fw={500} id="owner-kind-label">
          {t('owners.fields.kind')}
        </Text>
        <SegmentedControl
          name="kind"
          fullWidth
          aria-labelledby="owner-kind-label"
          defaultValue={value('kind') || 'person'}
          data={OWNER_KINDS.map((kind) => ({ value: kind, label: t(`owners.kinds.${kind}`) }))}
        />
      </div>
      <TextInput
        name="name"
        label={t('owners.fields.name')}
        required
        maxLength={TEXT_LIMITS.name}
        defaultValue={value('name')}
        error={errors.name}
        data-testid="owner-name"
      />
      <TextInput
        name="email"
        type="email"
        label={t('owners.fields.email')}
        required
        maxLength={TEXT_LIMITS.email}
        defaultValue={value('email')}
        error={errors.email}
        data-testid="owner-email"
      />
      <TextInput
        name="phone"
        type="tel"
        label={t('owners.fields.phone')}
        maxLength={TEXT_LIMITS.phone}
        defaultValue={value('phone')}
        error={errors.phone}
      />
      <NativeSelect
        name="locale"
        label={t('owners.fields.locale')}
        defaultValue={value('locale') || 'en'}
        data={OWNER_LOCALES.map((locale) => ({ value: locale, label: t(`common.language.${locale}`) }))}
        error={errors.locale}
      />
    </Stack>
  );
}
