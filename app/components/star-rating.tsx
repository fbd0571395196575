/**
 * Read-only stars for a rating from 0 to 5 (a fraction is drawn as a partly filled star). With a
 * `label` it is one image with that name; without, it only draws what the text beside it says and
 * is hidden from assistive technology. Mantine's read-only Rating is not used because it writes a
 * `for` attribute on each star's `<div>`, which is invalid HTML.
 */
import { IconStar, IconStarFilled } from '@tabler/icons-react';

type Props = { value: number; size?: number; label?: string };

const STARS = [0, 1, 2, 3, 4] as const;

export function StarRating({ value, size = 18, label }: Props) {
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-value={value}
      style={{ display: 'inline-flex', gap: 2, verticalAlign: 'middle' }}
    >
      {STARS.map((index) => {
        const filled = Math.max(0, Math.min(1, value - index));
        return (
          <span key={index} style={{ position: 'relative', display: 'inline-block', width: size, height: size }}>
            <IconStar size={size} color="var(--mantine-color-gray-5)" style={{ position: 'absolute', inset: 0 }} />
            <span style={{ position: 'absolute', inset: 0, width: `${filled * 100}%`, overflow: 'hidden' }}>
              <IconStarFilled size={size} color="var(--mantine-color-yellow-6)" />
            </span>
          </span>
        );
      })}
    </span>
  );
}
