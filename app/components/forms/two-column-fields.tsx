/**
 * Form fields side by side: two columns from the `sm` breakpoint up, one column on phones (a
 * Mantine Grid with each child in its own `Grid.Col`). Arrays among the children are flattened,
 * so a mapped group of fields (e.g. a price range) sits in the same grid.
 */
import { Grid, type GridProps } from '@mantine/core';
import { Children, type ReactNode } from 'react';

const HALF_FROM_SM = { base: 12, sm: 6 };

export function TwoColumnFields({ gap, children }: { gap?: GridProps['gap']; children: ReactNode }) {
  return (
    <Grid gap={gap}>
      {Children.map(children, (field) => (
        <Grid.Col span={HALF_FROM_SM}>{field}</Grid.Col>
      ))}
    </Grid>
  );
}
