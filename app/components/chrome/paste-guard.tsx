/** Placeholder replaced by the paste guard (spec §5). */
export function PasteGuard() {
  return null;
}
