import type { ComponentChildren } from 'preact';

/** A message block; errors are announced at once (role=alert), the rest politely. */
export function Notice({ kind, children }: { kind: 'info' | 'ok' | 'error' | 'warn'; children: ComponentChildren }) {
  return (
    <div class={`notice ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
