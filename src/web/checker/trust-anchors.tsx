import { signal } from '@preact/signals';
import { formatNumber } from '../app/format.js';
import { PasteField, usePasted } from './paste-field.js';
import { readTextFile } from './text-file.js';
import { certificatesOf } from './verify-c2pa.js';

/** A file larger than this is no set of root certificates a reader means (a trust list holds some hundred kB). */
const MAX_PEM_BYTES = 2_000_000;

/**
 * The root certificates the reader trusts for C2PA signers (as `wm verify --trust`): pasted or picked, kept in memory
 * for the page's life, like everything the checker is given. None by default: a signer is "unknown" until then.
 */
export const trustAnchors = signal<{ source: string; certificates: Uint8Array[] } | null>(null);

export function TrustAnchorForm() {
  const pasted = usePasted();
  const anchors = trustAnchors.value;
  const use = async (pem: string, source: string) => {
    const found =
      pem.length > MAX_PEM_BYTES ? 'This is too large to be a set of certificates.' : await certificatesOf(pem);
    if (typeof found === 'string') return pasted.setError(found);
    pasted.clear();
    trustAnchors.value = { source, certificates: found };
  };
  if (anchors) {
    const count = anchors.certificates.length;
    return (
      <p class="small" id="trust-anchors-used">
        Trusting {formatNumber(count)} root certificate{count === 1 ? '' : 's'} from {anchors.source}.{' '}
        <button type="button" class="button small" onClick={() => (trustAnchors.value = null)}>
          Stop trusting {count === 1 ? 'it' : 'them'}
        </button>
      </p>
    );
  }
  return (
    <form
      class="key-set-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void use(pasted.value, 'the pasted PEM');
      }}
    >
      <PasteField
        id="trust-anchor"
        label="Trust a signer’s root certificate"
        {...pasted.field}
        hint={
          <>
            Paste a root certificate (PEM), such as the NAME.root.crt of <code>wm c2pa keygen</code> or a channel’s
            trust anchor, or pick the file: a signer whose chain ends there is trusted. It stays in this page.
          </>
        }
      />
      <button type="submit" class="button">
        Trust it
      </button>{' '}
      <input
        id="trust-anchor-file"
        class="visually-hidden"
        type="file"
        accept=".pem,.crt,.cer"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) void readTextFile(file).then((pem) => use(pem, file.name));
        }}
      />
      <label class="button file-button" for="trust-anchor-file">
        Pick a file
      </label>
    </form>
  );
}
