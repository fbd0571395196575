/**
 * The shade of each lease status's badge (draft → sent → signed → active → ended | terminated;
 * decision 022): dark shades carry white text and amber dark text, AA contrast in both colour
 * schemes. Shared by the lease page and the tenant page so a status looks the same on both.
 */
export const LEASE_STATUS_COLORS = {
  draft: 'gray.7',
  sent: 'blue.9',
  signed: 'yellow.4',
  active: 'teal.9',
  ended: 'gray.7',
  terminated: 'red.9',
} as const satisfies Record<string, string>;

/** A lease's status, as the badge knows it. */
export type LeaseBadgeStatus = keyof typeof LEASE_STATUS_COLORS;
