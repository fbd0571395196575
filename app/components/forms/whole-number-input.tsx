/**
 * A whole, non-negative number typed on the numeric keypad (prices in whole dollars, spec §2
 * listing search and listing alerts): `type="number"`, `inputMode="numeric"`, from 0 in steps of
 * 1. Every other prop (`name`, `label`, `max`, `defaultValue`, `error`…) goes to Mantine's
 * TextInput; it posts as usual (works without JavaScript, decision 004).
 */
import { TextInput } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

type Props = Omit<ComponentPropsWithoutRef<typeof TextInput>, 'type' | 'inputMode' | 'min' | 'step'>;

export function WholeNumberInput(props: Props) {
  return <TextInput type="number" inputMode="numeric" min={0} step={1} {...props} />;
}
