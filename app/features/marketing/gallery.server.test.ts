import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../../tests/setup/factories';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { loader as galleryLoader } from '~/routes/public/gallery';
import { findGalleryImages, toGalleryImages } from './gallery.server';

const demo = (category: string, n: number) => `/media/demo/${category}-${String(n).padStart(2, '0')}-1200.webp`;

describe('gallery photos', () => {
  it('keeps demo pictures only, once each, and interleaves the categories', () => {
    const images = toGalleryImages([
      demo('room', 2),
      demo('exterior', 3),
      '/uploads/abc.jpg',
      demo('exterior', 1),
      demo('room', 2),
      demo('amenity', 3),
      '/media/demo/exterior-01-800.webp',
    ]);
    expect(images.map((image) => image.url)).toEqual([demo('exterior', 1), demo('room', 2), demo('amenity', 3), demo('exterior', 3)]);
    expect(images.map((image) => image.category)).toEqual(['exterior', 'rooms', 'amenities', 'exterior']);
  });

  it('says what each picture shows, for its alt text', () => {
    const [exterior, room, amenity] = toGalleryImages([demo('exterior', 4), demo('room', 9), demo('amenity', 1)]);
    expect(exterior?.kind).toBe('tower');
    expect(room?.kind).toBe('kitchen');
    expect(amenity?.kind).toBe('pool');
  });
});

describe('gallery page', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await createProperty(database.db, { imageUrls: [demo('exterior', 1), demo('room', 1), demo('room', 5)] });
    await createProperty(database.db, { imageUrls: [demo('exterior', 2), demo('room', 1), demo('amenity', 2)] });
    await createProperty(database.db, { imageUrls: [] });
  });

  afterAll(async () => {
    await database.close();
  });

  const args = (path: string) => ({ request: new Request(`http://localhost${path}`), params: {}, context: testContext(database) }) as never;

  it('collects the distinct pictures the listings use, with counts per category', async () => {
    const { images, counts } = await findGalleryImages({ db: database.db, filter: 'all' });
    expect(images).toHaveLength(5);
    expect(counts).toEqual({ all: 5, exterior: 2, rooms: 2, amenities: 1 });
  });

  it('filters by category on the server and ignores unknown categories', async () => {
    const rooms = await galleryLoader(args('/gallery?category=rooms'));
    expect(rooms.filter).toBe('rooms');
    expect(rooms.images.map((image) => image.category)).toEqual(['rooms', 'rooms']);
    const unknown = await galleryLoader(args('/gallery?category=penthouses'));
    expect(unknown.filter).toBe('all');
    expect(unknown.images).toHaveLength(5);
  });
});
