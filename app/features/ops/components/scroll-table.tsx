/**
 * A table that scrolls sideways on narrow screens. The scrolling region is focusable and named
 * after the table's heading, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function ScrollTable({ minWidth, labelledBy, children }: { minWidth: number; labelledBy: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-labelledby': labelledBy } }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
