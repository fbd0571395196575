/**
 * The foot of the chat panel (decision 012): the offline notice, a message for the whole form,
 * name and e-mail while the visitor's first message is still to be written (the account's, read
 * only, when signed in), and the message box: Enter sends, Shift+Enter starts a new line.
 * Controlled: the widget holds the values, the errors and the refs (it moves focus).
 */
import { Alert, Button, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconSend, IconWifiOff } from '@tabler/icons-react';
import type { FormEvent, KeyboardEvent, RefObject } from 'react';
import { useTranslation } from '~/lib/i18n';
import { CHAT_MESSAGE_MAX } from '../chat.types';
import classes from './chat.module.css';

/** Longest name and e-mail the widget takes (the server's limits). */
export const CHAT_NAME_MAX = 120;
export const CHAT_EMAIL_MAX = 254;

/** Who is writing, asked before the first message: the field (also its autofill hint and `chat.<name>`), its type, its limit. */
const IDENTITY_FIELDS = [
  { name: 'name', type: undefined, maxLength: CHAT_NAME_MAX },
  { name: 'email', type: 'email', maxLength: CHAT_EMAIL_MAX },
] as const;

/** The composer's field messages; `form` is for the whole form. */
export type ChatComposerErrors = Partial<Record<'name' | 'email' | 'body' | 'form', string>>;

type Props = {
  /** Ask who is writing: no thread yet and no first message waiting. */
  askIdentity: boolean;
  /** A first message (larger box, "start" on the button). */
  starting: boolean;
  offline: boolean;
  viewer: { name: string; email: string } | null;
  values: { name: string; email: string; draft: string };
  onChange: (field: 'name' | 'email' | 'draft', value: string) => void;
  errors: ChatComposerErrors;
  nameRef: RefObject<HTMLInputElement | null>;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onSubmit: () => void;
};

export function ChatComposer({ askIdentity, starting, offline, viewer, values, onChange, errors, nameRef, inputRef, onSubmit }: Props) {
  const { t } = useTranslation();

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  const onComposerKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  };

  return (
    <form className={classes.panelFooter} onSubmit={onFormSubmit} noValidate data-testid="chat-form">
      <Stack gap="xs">
        {offline && (
          <Alert color="yellow" variant="light" p="xs" icon={<IconWifiOff size={16} aria-hidden />} data-testid="chat-offline">
            <Text size="xs">{t('chat.offline')}</Text>
          </Alert>
        )}
        {errors.form && (
          <Text size="xs" c="red.8" role="alert">
            {errors.form}
          </Text>
        )}
        {askIdentity && (
          <>
            {IDENTITY_FIELDS.map(({ name, type, maxLength }) => (
              <TextInput
                key={name}
                ref={name === 'name' ? nameRef : undefined}
                label={t(`chat.${name}`)}
                name={name}
                type={type}
                autoComplete={name}
                size="xs"
                maxLength={maxLength}
                required={!viewer}
                readOnly={Boolean(viewer)}
                value={viewer ? viewer[name] : values[name]}
                onChange={(event) => onChange(name, event.currentTarget.value)}
                error={errors[name]}
                data-testid={`chat-${name}`}
              />
            ))}
          </>
        )}
        <Textarea
          ref={inputRef}
          label={t('chat.message')}
          placeholder={t('chat.placeholder')}
          name="body"
          autosize
          minRows={starting ? 3 : 1}
          maxRows={5}
          maxLength={CHAT_MESSAGE_MAX}
          value={values.draft}
          onChange={(event) => onChange('draft', event.currentTarget.value)}
          onKeyDown={onComposerKeyDown}
          error={errors.body}
          description={t('chat.enterHint')}
          inputWrapperOrder={['label', 'input', 'error', 'description']}
          data-testid="chat-input"
        />
        <Button
          type="submit"
          size="xs"
          rightSection={<IconSend size={14} aria-hidden />}
          style={{ alignSelf: 'flex-end' }}
          data-testid="chat-send"
        >
          {askIdentity ? t('chat.start') : t('chat.send')}
        </Button>
      </Stack>
    </form>
  );
}
