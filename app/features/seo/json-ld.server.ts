/**
 * schema.org JSON-LD of the public pages (decision 025): the company (Organization) on the
 * home and about pages, a BreadcrumbList on the listings and a unit's page, and a unit as an
 * Apartment with its Offer (monthly rent in whole USD, InStock while available). A unit's street
 * address is never published (DESIGN §4): the address names city, state and ZIP only.
 */
import type { ContactInfo } from '~/features/inquiries/contact-info';
import type { PublicPropertyDetail } from '~/features/listings/listings.server';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import type { JsonLd } from '~/lib/seo';
import { absoluteUrl } from './seo.server';

const CONTEXT = 'https://schema.org';

/** The company: name, site, logo and how to reach it (the settings of /admin/system). */
export function organizationJsonLd({ publicUrl, contact }: { publicUrl: string; contact: ContactInfo }): JsonLd {
  const origin = new URL(publicUrl).origin;
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name: contact.companyName,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    email: contact.email,
    telephone: contact.phone,
    ...(contact.address ? { address: contact.address } : {}),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: contact.phone,
      email: contact.email,
      availableLanguage: ['en', 'it'],
    },
  };
}

/** A trail of pages, first to last; `url` absolute. The last item is the page itself. */
export function breadcrumbJsonLd(items: ReadonlyArray<{ name: string; url: string }>): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  };
}

/**
 * Home → Properties (or Apartments) → a unit: the trail of the listing pages, names in
 * `language`; `last` (absolute URL) is the unit's page when there is one.
 */
export function listingBreadcrumb({
  publicUrl,
  language,
  section = 'properties',
  last,
}: {
  publicUrl: string;
  language: Language;
  section?: 'properties' | 'apartments';
  last?: { name: string; url: string };
}): JsonLd {
  const t = getT(language);
  const origin = new URL(publicUrl).origin;
  return breadcrumbJsonLd([
    { name: t('common.nav.home'), url: `${origin}/` },
    { name: t(`common.nav.${section}`), url: `${origin}/${section}` },
    ...(last ? [last] : []),
  ]);
}

/**
 * A unit's page: the Apartment (rooms, size, occupancy, amenities, photos, city/state/ZIP and
 * coordinates, its building) and the Offer that leases it (price = whole-dollar monthly rent in
 * USD, availability InStock only while the unit is `available`, from its available date).
 * `url`: the page's canonical URL; texts in `language`.
 */
export function unitJsonLd({
  property,
  url,
  publicUrl,
  companyName,
  language,
}: {
  property: PublicPropertyDetail;
  url: string;
  publicUrl: string;
  companyName: string;
  language: Language;
}): JsonLd[] {
  const t = getT(language);
  const origin = new URL(publicUrl).origin;
  const images = property.imageUrls.map((image) => absoluteUrl(origin, image)).filter((image): image is string => image !== null);
  const apartmentId = `${url}#apartment`;
  const apartment: JsonLd = {
    '@context': CONTEXT,
    '@type': 'Apartment',
    '@id': apartmentId,
    name: property.title,
    description: property.description,
    url,
    ...(images.length ? { image: images } : {}),
    numberOfBedrooms: property.bedrooms,
    numberOfBathroomsTotal: property.bathrooms,
    floorSize: { '@type': 'QuantitativeValue', value: property.squareFeet, unitCode: 'FTK', unitText: 'sq ft' },
    occupancy: { '@type': 'QuantitativeValue', maxValue: property.maxOccupants },
    ...(property.amenities.length
      ? {
          amenityFeature: property.amenities.map((key) => ({
            '@type': 'LocationFeatureSpecification',
            name: t(`listings.amenity.${key}`, key),
            value: true,
          })),
        }
      : {}),
    address: {
      '@type': 'PostalAddress',
      addressLocality: property.city,
      addressRegion: property.state,
      postalCode: property.zipCode,
      addressCountry: 'US',
    },
    ...(property.latitude !== null && property.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: property.latitude, longitude: property.longitude } }
      : {}),
    containedInPlace: { '@type': 'ApartmentComplex', name: property.building.name },
  };
  const available = property.status === 'available';
  const offer: JsonLd = {
    '@context': CONTEXT,
    '@type': 'Offer',
    '@id': `${url}#offer`,
    url,
    businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
    price: property.price,
    priceCurrency: 'USD',
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: property.price,
      priceCurrency: 'USD',
      unitCode: 'MON',
      unitText: 'month',
    },
    availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    ...(available && property.availableDate ? { availabilityStarts: property.availableDate } : {}),
    itemOffered: { '@type': 'Apartment', '@id': apartmentId, name: property.title },
    seller: { '@type': 'Organization', '@id': `${origin}/#organization`, name: companyName, url: `${origin}/` },
  };
  return [apartment, offer];
}
