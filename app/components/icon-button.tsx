/**
 * The two buttons most forms and pages repeat: a submit button and a link styled as a button,
 * each with an optional icon on its left (16 px unless told; decorative, `aria-hidden`: the text
 * names the action) and an optional `data-testid`. Every other prop goes to Mantine's `Button`.
 */
import { Button, type ButtonProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type IconButtonProps = Omit<ButtonProps, 'leftSection' | 'children'> & {
  /** The icon drawn left of the text; none when left out. */
  icon?: Icon;
  /** The icon's size in px (16 unless told). */
  iconSize?: number;
  /** Rendered as `data-testid`. */
  testId?: string;
  'aria-label'?: string;
  children: ReactNode;
};

function leftIcon(IconComponent: Icon | undefined, size = 16) {
  return IconComponent ? <IconComponent size={size} aria-hidden /> : undefined;
}

/** `<Button type="submit">` with an optional left icon (see the module comment). */
export function SubmitButton({ icon, iconSize, testId, ...props }: IconButtonProps) {
  return <Button type="submit" leftSection={leftIcon(icon, iconSize)} data-testid={testId} {...props} />;
}

/** A router `<Link>` to `to` drawn as a `Button`, with an optional left icon (see the module comment). */
export function LinkButton({ icon, iconSize, testId, to, ...props }: IconButtonProps & { to: string }) {
  return <Button component={Link} to={to} leftSection={leftIcon(icon, iconSize)} data-testid={testId} {...props} />;
}
