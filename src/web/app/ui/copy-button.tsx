import { useEffect, useState } from 'preact/hooks';

/** Copies with the Clipboard API, or by selecting a hidden field where it is unavailable (plain http off localhost). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'visually-hidden';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  return copied;
}

/** A copy button that says "Copied" (to the eye and to screen readers) for a moment afterwards. */
export function CopyButton({
  text,
  label = 'Copy',
  class: className = 'button',
}: {
  text: () => string;
  label?: string;
  class?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  const shown = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label;
  return (
    <button
      type="button"
      class={className}
      onClick={async () => setState((await copyText(text())) ? 'copied' : 'failed')}
    >
      <span aria-live="polite">{shown}</span>
    </button>
  );
}
