/** Site footer: company links, legal pages, listing alerts and vendor sign-up. */
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { useCompanyName } from '~/lib/use-company-name';
import { Logo } from './logo';
import classes from './chrome.module.css';

type FooterLink = { to: string; label: string };

/** Links to the pages `/<page>`, each labelled by the text at `<texts>.<page>`. */
function pageLinks(texts: string, pages: readonly string[]): FooterLink[] {
  return pages.map((page) => ({ to: `/${page}`, label: `${texts}.${page}` }));
}

const COLUMNS: readonly { key: string; links: readonly FooterLink[] }[] = [
  { key: 'explore', links: pageLinks('common.nav', ['properties', 'apartments', 'gallery', 'amenities']) },
  {
    key: 'company',
    links: [...pageLinks('common.nav', ['about', 'services', 'contact']), { to: '/vendor-signup', label: 'common.footer.vendorSignup' }],
  },
  { key: 'legal', links: pageLinks('common.footer', ['privacy', 'terms', 'subscriptions']) },
];

export function Footer() {
  const { t } = useTranslation();
  const companyName = useCompanyName();
  // Plain elements and a CSS module: the footer is on every page, and Mantine's responsive grid
  // and a dozen Anchor components made it the costliest part of the chrome to render.
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <div className={classes.footerGrid}>
          <div className={classes.footerColumn}>
            <p className={classes.footerBrand}>
              <Logo size={28} />
              <span data-testid="footer-company">{companyName}</span>
            </p>
            <p className={classes.footerMuted}>{t('common.tagline')}</p>
            <p className={classes.footerMuted}>{t('common.footer.address')}</p>
          </div>
          {COLUMNS.map((column) => (
            <nav key={column.key} className={classes.footerColumn} aria-labelledby={`footer-${column.key}`}>
              <p className={classes.footerHeading} id={`footer-${column.key}`}>
                {t(`common.footer.${column.key}`)}
              </p>
              {column.links.map((link) => (
                <Link key={link.to} to={link.to} className={classes.footerLink}>
                  {t(link.label)}
                </Link>
              ))}
            </nav>
          ))}
        </div>
        <p className={classes.footerSmall}>
          © {new Date().getUTCFullYear()} {companyName}. {t('common.footer.rights')}
        </p>
      </div>
    </footer>
  );
}
