import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { navigatedOnce } from '../router.js';

/**
 * The page's heading and the document title. After a navigation within the dashboard, focus moves to the heading
 * so that screen readers announce the new page (a full page load starts there anyway).
 */
export function PageTitle({ title, children }: { title: string; children?: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · wm`;
    if (navigatedOnce) heading.current?.focus();
  }, [title]);
  return (
    <div class="page-head">
      <div>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}
