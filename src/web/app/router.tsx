import { signal } from '@preact/signals';
import type { AnchorHTMLAttributes, ComponentChildren } from 'preact';

/** The path of the page shown; changed by `navigate` and the browser's back and forward buttons. */
export const currentPath = signal(location.pathname);
/** The query of the page shown (e.g. `?verified=1`), read once by the page that wants it. */
export const currentQuery = signal(location.search);

/** Set once the first page has been drawn: later pages move the focus to their heading. */
export let navigatedOnce = false;

addEventListener('popstate', () => {
  navigatedOnce = true;
  currentPath.value = location.pathname;
  currentQuery.value = location.search;
});

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, location.origin);
  if (url.pathname === currentPath.value && url.search === currentQuery.value) return;
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  navigatedOnce = true;
  currentPath.value = url.pathname;
  currentQuery.value = url.search;
  scrollTo(0, 0);
}

type AnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; children?: ComponentChildren };

/** A link within the dashboard: drawn without reloading the page (a modified click still opens a new tab). */
export function Link({ href, children, ...rest }: AnchorProps) {
  const onClick = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(href);
  };
  const current = currentPath.value === href ? 'page' : undefined;
  return (
    <a href={href} onClick={onClick} aria-current={current} {...rest}>
      {children}
    </a>
  );
}
