/**
 * Checks every page view can share (decision 034 and the accessibility crawl): axe at WCAG 2.2 AA,
 * no sideways scrolling, and no floating control (side-menu button, chat bubble, offline badge)
 * over a title, price, link or form control.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The axe rule tags checked: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * An axe run on `page`, configured for speed: axe runs inside the page itself (legacy mode; the
 * default opens a second blank page per run to merge frame results, and our pages have no
 * iframes) and reports nodes for violations only (`resultTypes`). Together they halve a run
 * (2.5 s to 1.1 s on a 1,400-element staff list), which the crawl does for every page twice.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/** The floating controls' test ids. */
export const FLOATING = ['side-menu-toggle', 'chat-bubble', 'offline-badge'];

/**
 * Runs axe on the page as it is (or only inside the `include` selector) and lists its serious and
 * critical violations, one line each: rule id, impact and the first three elements (CSS selectors)
 * it found.
 */
export async function seriousAxeViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  const builder = axeOn(page);
  if (options.include) builder.include(options.include);
  const results = await builder.withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.nodes.length}): ${violation.nodes
          .slice(0, 3)
          .map((node) => {
            // A contrast failure names its colours and ratio, to be fixed without a second run.
            const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
            const colours = data?.contrastRatio ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]` : '';
            return `${node.target.join(' ')}${colours}`;
          })
          .join(' | ')}`,
    );
}

/**
 * Asserts the page as it is has no serious or critical axe violation at WCAG 2.0–2.2 A/AA (the
 * journeys' shared check). With `sideways: true` it also asserts the page does not scroll sideways
 * (for the phone-width journeys that used to check both).
 */
export async function expectAccessible(page: Page, options: { sideways?: boolean } = {}): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (options.sideways) {
    const overflow = await sidewaysOverflow(page);
    expect(overflow.pixels, `scrolls sideways: ${overflow.culprits.join(', ')}`).toBeLessThanOrEqual(0);
  }
}

/**
 * How far the page scrolls sideways, in CSS pixels (0 when it fits its viewport), and the widest
 * elements that stick out past the right edge, to name the culprit.
 */
export async function sidewaysOverflow(page: Page): Promise<{ pixels: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const pixels = Math.max(0, document.documentElement.scrollWidth - width);
    if (pixels === 0) return { pixels, culprits: [] };
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .filter((element) => !element.parentElement || element.parentElement.getBoundingClientRect().right <= width + 1)
      .slice(0, 5)
      .map((element) => {
        const testId = element.getAttribute('data-testid');
        const className = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
        const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
        return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${className ? `.${className}` : ''} "${text}" → ${Math.round(element.getBoundingClientRect().right)} px`;
      });
    return { pixels, culprits };
  });
}

export type Report = { checked: number; controls: string[]; overlaps: string[] };

/**
 * In the page: scrolls to each target in turn, and lists every overlap between
 * a floating control (by test id) and a target, as "control over element (boxes)".
 */
export function findOverlaps(floatingIds: string[]): Report {
  const visible = (element: Element) => {
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0 || rect.width === 0 || rect.height === 0)
      return false;
    // Also false inside a closed <details> (its content is skipped, yet still has a box).
    if (!element.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true })) return false;
    if (element.closest('[aria-hidden="true"], [inert]')) return false;
    // Clipped away by an ancestor (e.g. a closed accordion panel: height 0, overflow hidden).
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflow === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (
        Math.min(clip.bottom, rect.bottom) - Math.max(clip.top, rect.top) < 1 ||
        Math.min(clip.right, rect.right) - Math.max(clip.left, rect.left) < 1
      )
        return false;
    }
    return true;
  };
  const floating = floatingIds
    .map((id) => ({ id, element: document.querySelector<HTMLElement>(`[data-testid="${id}"]`) }))
    .filter((entry): entry is { id: string; element: HTMLElement } => entry.element !== null && visible(entry.element));
  const selector = [
    'h1',
    'h2',
    '[data-testid="listing-price"]',
    '[data-testid="property-price"]',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    'button',
    'a[href]',
  ].join(',');
  const targets = [...document.querySelectorAll(selector)].filter(
    (element) =>
      !floating.some(({ element: control }) => control === element || control.contains(element) || element.contains(control)) &&
      !element.closest('[data-testid="side-menu"], [data-testid="skip-link"], .visually-hidden, [class*="skipLink"]') &&
      visible(element),
  );
  const describe = (element: Element) => {
    const testId = element.getAttribute('data-testid');
    const name = element.getAttribute('name');
    const text = (element.textContent ?? element.getAttribute('aria-label') ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${name ? `[name=${name}]` : ''} "${text}"`;
  };
  const box = (rect: DOMRect) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
  const overlaps = new Set<string>();
  const compare = (target: Element) => {
    const r = target.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= window.innerHeight || r.right <= 0 || r.left >= window.innerWidth) return;
    for (const { id, element: control } of floating) {
      const c = control.getBoundingClientRect();
      const width = Math.min(c.right, r.right) - Math.max(c.left, r.left);
      const height = Math.min(c.bottom, r.bottom) - Math.max(c.top, r.top);
      if (width >= 1 && height >= 1)
        overlaps.add(`${id} (${box(c)}) over ${describe(target)} (${box(r)}) at scrollY ${Math.round(window.scrollY)}`);
    }
  };
  // html has `scroll-behavior: smooth`: jump, do not animate. An element near the top or the
  // end of the page stays where the page can scroll no further, so this also covers the page as
  // it opens and as it ends.
  window.scrollTo({ top: 0, behavior: 'instant' });
  for (const target of targets) {
    // Always centred (not "only if needed"): an element that merely happens to rest under the
    // bubble at some scroll position is uncovered by scrolling a little; one the page cannot
    // scroll clear of (near its top or its end) is the one a user cannot reach.
    target.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    compare(target);
  }
  return { checked: targets.length, controls: floating.map(({ id }) => id), overlaps: [...overlaps] };
}

/**
 * The inputs of the page that ask for a card or a bank account: autocomplete `cc-*`, or a name or
 * id for a card number, expiry, CVC, or a bank account or routing number. Our pages have none:
 * people pay on the provider's hosted page (decision 049). Answers "name#id" lines.
 */
export async function paymentInputs(page: Page): Promise<string[]> {
  return page.locator('input, select, textarea').evaluateAll((elements) =>
    elements
      .filter((element) => {
        const field = element as HTMLInputElement;
        const autocomplete = (field.getAttribute('autocomplete') ?? '').toLowerCase();
        const names = `${field.name} ${field.id}`;
        return (
          autocomplete.split(/\s+/).some((token) => token.startsWith('cc-')) ||
          /(card.?number|name.?on.?card|\bcvc\b|\bcvv\b|\bexpiry\b|account.?number|routing.?number)/i.test(names)
        );
      })
      .map((element) => `${(element as HTMLInputElement).name}#${element.id}`),
  );
}
