/**
 * Test data factories: each test makes the rows it needs (never the demo seed).
 */
import { property } from '~/server/db/schema';
import type { Db } from '~/server/db/client.server';

let counter = 0;

type PropertyInput = Partial<typeof property.$inferInsert>;

/** Inserts one property with sensible defaults; returns the row. */
export async function createProperty(db: Db, overrides: PropertyInput = {}) {
  counter += 1;
  const [row] = await db
    .insert(property)
    .values({
      title: `Test home ${counter}`,
      description: 'A bright test apartment.',
      price: 1500,
      address: `${counter} Test Street`,
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      bedrooms: 1,
      bathrooms: 1,
      squareFeet: 700,
      propertyType: 'apartment',
      status: 'available',
      imageUrls: ['/media/demo/exterior-01-1200.webp'],
      amenities: ['gym'],
      maxOccupants: 2,
      latitude: 30.27,
      longitude: -97.74,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}
