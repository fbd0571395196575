/** Dimora's mark: a stylised building, drawn inline so it needs no request. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect x="2" y="2" width="28" height="28" rx="7" fill="var(--mantine-primary-color-filled)" />
      <path d="M9 24V12l7-5 7 5v12h-5v-6h-4v6z" fill="#fff" />
    </svg>
  );
}
