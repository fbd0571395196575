/**
 * "No account yet? Create an account" under the /auth forms: a real link to the other tab
 * (`?tab=…`, so it works without JavaScript) that switches tabs in place when JavaScript runs.
 */
import { Anchor, Text } from '@mantine/core';

export function SwitchTabPrompt({ prompt, label, href, onSwitch }: { prompt: string; label: string; href: string; onSwitch: () => void }) {
  return (
    <Text size="sm" ta="center" c="dimmed">
      {prompt}{' '}
      <Anchor
        href={href}
        underline="always"
        fw={600}
        onClick={(event) => {
          event.preventDefault();
          onSwitch();
        }}
      >
        {label}
      </Anchor>
    </Text>
  );
}
