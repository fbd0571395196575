/**
 * One labelled value of a record's facts (a lease's rent, a payment's method, a request's unit,
 * an application's amount): a small dimmed label over the value, both in one `div`. `caps` sets
 * the label in bold capitals (the payments and maintenance pages); `fw` weighs the value; `wrap`
 * lets a long value break anywhere (`anywhere`: e-mail addresses, references) or keep its line
 * breaks (`pre-line`: a tenant's text); `block` renders the value as a `div` (for values that are
 * themselves blocks).
 */
import { Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

type Props = {
  label: string;
  children: ReactNode;
  caps?: boolean;
  fw?: 500 | 600;
  wrap?: 'anywhere' | 'pre-line';
  block?: boolean;
};

const WRAP_STYLES: Record<NonNullable<Props['wrap']>, CSSProperties> = {
  anywhere: { overflowWrap: 'anywhere' },
  'pre-line': { whiteSpace: 'pre-line' },
};

/** A label over a value (see the module's docstring). */
export function Fact({ label, children, caps = false, fw, wrap, block = false }: Props) {
  return (
    <div>
      <Text size="xs" c="dimmed" {...(caps && { tt: 'uppercase', fw: 600 })}>
        {label}
      </Text>
      <Text size="sm" fw={fw} {...(block && { component: 'div' })} style={wrap && WRAP_STYLES[wrap]}>
        {children}
      </Text>
    </div>
  );
}
