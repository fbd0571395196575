/**
 * True once `ref`'s element has come within `rootMargin` of the viewport (IntersectionObserver),
 * and stays true: the detail page's map starts loading only when its section scrolls into view.
 * Browsers without IntersectionObserver count the element as visible at once.
 */
import { useEffect, useState, type RefObject } from 'react';

export function useInView(ref: RefObject<Element | null>, { rootMargin = '200px' }: { rootMargin?: string } = {}): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || inView) return;
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, inView, rootMargin]);
  return inView;
}
