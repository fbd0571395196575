/**
 * Given names for generated people (demo tenants in the seed, bench tenants in `npm run bench`):
 * thirty common English, Italian and other names, so a directory of generated people reads like a
 * real one. The order is part of the data: the bench derives tenant `i`'s name from `i` by index.
 */
export const FIRST_NAMES = [
  'Olivia',
  'James',
  'Emma',
  'Lucas',
  'Ava',
  'Mason',
  'Isabella',
  'Elijah',
  'Mia',
  'Logan',
  'Amelia',
  'Aiden',
  'Harper',
  'Caleb',
  'Grace',
  'Owen',
  'Chloe',
  'Wyatt',
  'Lily',
  'Henry',
  'Giulia',
  'Luca',
  'Francesca',
  'Matteo',
  'Aisha',
  'Diego',
  'Mei',
  'Ravi',
  'Fatima',
  'Kenji',
];
