/**
 * Fixed content of /about: the leadership team (fictional people) and the regional offices,
 * one in each of the 23 states of the portfolio (spec §1). Client-safe.
 */
import { IconClock, IconEye, IconHeartHandshake, IconScale, type TablerIcon } from '@tabler/icons-react';

export type Leader = { key: string; name: string; color: string };

/** Names are proper nouns (not translated); roles and bios are `pages.about.team.<key>`. */
export const LEADERSHIP: readonly Leader[] = [
  { key: 'elena', name: 'Elena Marchetti', color: 'teal.9' },
  { key: 'marcus', name: 'Marcus Bell', color: 'indigo.9' },
  { key: 'priya', name: 'Priya Raman', color: 'grape.9' },
  { key: 'daniel', name: 'Daniel Okafor', color: 'blue.9' },
  { key: 'sofia', name: 'Sofia Lindqvist', color: 'cyan.9' },
  { key: 'james', name: 'James Whitaker', color: 'red.9' },
];

export const VALUES: ReadonlyArray<{ key: 'care' | 'transparency' | 'responsiveness' | 'fairness'; icon: TablerIcon }> = [
  { key: 'care', icon: IconHeartHandshake },
  { key: 'transparency', icon: IconEye },
  { key: 'responsiveness', icon: IconClock },
  { key: 'fairness', icon: IconScale },
];

/** One regional office per state of the portfolio, in the state's largest market. */
export const OFFICES: ReadonlyArray<{ city: string; state: string }> = [
  { city: 'Atlanta', state: 'GA' },
  { city: 'Austin', state: 'TX' },
  { city: 'Boston', state: 'MA' },
  { city: 'Charlotte', state: 'NC' },
  { city: 'Chicago', state: 'IL' },
  { city: 'Columbus', state: 'OH' },
  { city: 'Denver', state: 'CO' },
  { city: 'Detroit', state: 'MI' },
  { city: 'Kansas City', state: 'MO' },
  { city: 'Las Vegas', state: 'NV' },
  { city: 'Los Angeles', state: 'CA' },
  { city: 'Miami', state: 'FL' },
  { city: 'Milwaukee', state: 'WI' },
  { city: 'Minneapolis', state: 'MN' },
  { city: 'Nashville', state: 'TN' },
  { city: 'New Orleans', state: 'LA' },
  { city: 'New York', state: 'NY' },
  { city: 'Philadelphia', state: 'PA' },
  { city: 'Phoenix', state: 'AZ' },
  { city: 'Portland', state: 'OR' },
  { city: 'Richmond', state: 'VA' },
  { city: 'Salt Lake City', state: 'UT' },
  { city: 'Seattle', state: 'WA' },
];
