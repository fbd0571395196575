/**
 * A listing in a result grid: photo, status, title, rent, key facts. Used by /properties,
 * /apartments and the home page's featured listings. Written with plain elements and a CSS
 * module rather than a dozen Mantine components per card: a results page renders twelve of
 * them on every request, and this halves its server rendering time.
 */
import { IconBath, IconBed, IconRuler2, IconUsers } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { formatNumber, formatUsd } from '~/lib/format';
import { ResponsiveImage } from '~/components/responsive-image';
import { useLanguage } from '~/lib/use-language';
import type { PublicListing } from '../listings.server';
import { StatusBadge } from '~/components/property-status-badge';
import classes from './listings.module.css';

/**
 * `priority`: the photo loads at once (a card in the first screenful) instead of lazily;
 * `largest`: it is the page's largest first paint (the first card of a results page on a phone),
 * fetched at high priority.
 */
export function ListingCard({
  listing,
  priority = false,
  largest = false,
}: {
  listing: PublicListing;
  priority?: boolean;
  largest?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const cover = listing.imageUrls[0];
  return (
    <article className={classes.card} data-testid="listing-card">
      <div className={classes.cardMedia}>
        {cover ? (
          <ResponsiveImage
            url={cover}
            sizes="(max-width: 768px) 100vw, (max-width: 1200px) 50vw, 33vw"
            alt=""
            loading={priority || largest ? 'eager' : 'lazy'}
            fetchPriority={largest ? 'high' : undefined}
            width={400}
            height={300}
          />
        ) : (
          <div className={classes.noImage}>{t('listings.card.noImage')}</div>
        )}
        <div className={classes.badgeCorner}>
          <StatusBadge status={listing.status} />
        </div>
      </div>
      <div className={classes.cardBody}>
        <div className={classes.cardHeadline}>
          <p className={classes.price} data-testid="listing-price">
            {formatUsd(listing.price, lang)}
            <span className={classes.perMonth}>{t('listings.card.perMonth')}</span>
          </p>
          <span className={classes.typeTag}>{t(`listings.type.${listing.propertyType}`, listing.propertyType)}</span>
        </div>
        <Link to={`/property/${listing.id}`} className={classes.cardLink} data-testid="listing-title">
          {listing.title}
        </Link>
        <p className={classes.location} data-testid="listing-location">
          <span className={classes.buildingName} data-testid="listing-building">
            {listing.buildingName}
          </span>
          {' · '}
          {listing.city}, {listing.state} {listing.zipCode}
        </p>
        <ul className={classes.facts}>
          <li>
            <IconBed size={16} aria-hidden />
            {listing.bedrooms === 0 ? t('listings.card.studio') : t('listings.card.bedrooms', { count: listing.bedrooms })}
          </li>
          <li>
            <IconBath size={16} aria-hidden />
            {t('listings.card.bathrooms', { count: listing.bathrooms })}
          </li>
          <li>
            <IconRuler2 size={16} aria-hidden />
            {t('listings.card.squareFeet', { value: formatNumber(listing.squareFeet, lang) })}
          </li>
          <li>
            <IconUsers size={16} aria-hidden />
            <span data-testid="listing-capacity">{t('listings.card.sleeps', { count: listing.maxOccupants })}</span>
          </li>
        </ul>
      </div>
    </article>
  );
}
