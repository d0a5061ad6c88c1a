import { useState } from 'preact/hooks';
import { PasteField } from '../../checker/paste-field.js';
import { downloadText } from '../../checker/text-file.js';
import { api } from '../session.js';
import { Dialog, DialogFormActions } from '../ui/dialog.js';
import { Field } from '../ui/field.js';
import { Notice } from '../ui/notice.js';
import { useForm } from '../use-form.js';
import type { Channel } from '../api-types.js';
import type { ChannelDialogProps } from './channel-signing.js';
import { API_PATHS, pathWith } from '../../../api/paths.js';

/** The channel's certificate as the API shows it (public parts only). */
interface C2paCertificate {
  origin: 'made' | 'imported';
  algorithm: 'es256' | 'ed25519';
  signer: string;
  issuer: string;
  not_after: string;
  anchor_pem: string;
}

/** Where the certificate comes from: made on the server (a root of the channel's own), or a CA's, imported. */
type Source = 'make' | 'import';

/**
 * Give the channel a C2PA signing certificate: its API tokens then sign texts with Content Credentials (the
 * checker's Sign tab, c2pa-sign). Made here, a root of its own issues it, and readers see "signed, unknown signer"
 * until they trust that root, which is offered for download; imported, it is a chain a CA issued, with its key.
 */
export function C2paCertificateDialog({ channel, onDone, onCancel }: ChannelDialogProps) {
  const [source, setSource] = useState<Source>('make');
  const [signer, setSigner] = useState(channel.signer_name ?? channel.channel_name);
  const [algorithm, setAlgorithm] = useState<C2paCertificate['algorithm']>('es256');
  const [chainPem, setChainPem] = useState('');
  const [keyPem, setKeyPem] = useState('');
  const [made, setMade] = useState<C2paCertificate | null>(null);
  const form = useForm(['signer_name', 'chain_pem', 'private_key_pem']);
  const send = async () => {
    const path = pathWith(API_PATHS.c2paCertificate, { channelId: channel.id });
    const body =
      source === 'make' ? { signer_name: signer.trim(), algorithm } : { chain_pem: chainPem, private_key_pem: keyPem };
    setMade((await api<{ certificate: C2paCertificate }>('PUT', path, { body })).certificate);
  };
  // an empty box would be sent as an empty PEM: say which one is missing instead
  const check = () =>
    source === 'make'
      ? {}
      : {
          chain_pem: chainPem.trim() === '' ? 'Paste the certificate chain the CA issued.' : undefined,
          private_key_pem: keyPem.trim() === '' ? 'Paste the private key of its first certificate.' : undefined,
        };
  const makeFields = (
    <>
      <Field
        id="c2pa-signer-name"
        label="Signer name"
        value={signer}
        onValue={setSigner}
        maxLength={64}
        hint="Who signs, as readers see it, e.g. “Example News”."
        error={form.fields.signer_name}
      />
      <div class="field">
        <label for="c2pa-algorithm">Algorithm</label>
        <select
          id="c2pa-algorithm"
          value={algorithm}
          onChange={(event) => setAlgorithm(event.currentTarget.value as C2paCertificate['algorithm'])}
        >
          <option value="es256">ES256 (ECDSA P-256)</option>
          <option value="ed25519">Ed25519</option>
        </select>
      </div>
    </>
  );
  const importFields = (
    <>
      <PasteField
        id="c2pa-chain-pem"
        label="Certificate chain (PEM)"
        value={chainPem}
        onValue={setChainPem}
        error={form.fields.chain_pem ?? null}
        hint="The signer’s certificate first, then the certificates of the CA that issued it."
      />
      <PasteField
        id="c2pa-private-key-pem"
        label="Private key (PEM)"
        value={keyPem}
        onValue={setKeyPem}
        error={form.fields.private_key_pem ?? null}
        hint="The key of the signer’s certificate, ES256 (ECDSA P-256) or Ed25519, unencrypted."
      />
    </>
  );
  const title = `Content Credentials for “${channel.channel_name}”`;
  // one dialog for both steps: a dialog unmounted closes, and its close event would cancel
  if (made) {
    return (
      <Dialog id="c2pa-certificate" title={title} onClose={onDone}>
        <CertificateMade channel={channel} made={made} onDone={onDone} />
      </Dialog>
    );
  }
  return (
    <Dialog id="c2pa-certificate" title={title} onClose={onCancel}>
      <form onSubmit={(event) => form.submit(event, send, check)} noValidate>
        {form.error && <Notice kind="error">{form.error}</Notice>}
        <p>
          A C2PA signing certificate lets the channel’s API tokens sign texts with Content Credentials, which readers’
          C2PA tools show. Its private key stays sealed on the server.
          {channel.c2pa_certificate && ' It replaces the certificate the channel holds.'}
        </p>
        <fieldset>
          <legend>Certificate</legend>
          <label class="check">
            <input type="radio" name="c2pa-source" checked={source === 'make'} onChange={() => setSource('make')} />
            Make one here — issued by a root certificate of the channel’s own
          </label>
          <label class="check">
            <input type="radio" name="c2pa-source" checked={source === 'import'} onChange={() => setSource('import')} />
            Import one a certificate authority issued — readers who trust that CA see the signer trusted
          </label>
        </fieldset>
        {source === 'make' ? makeFields : importFields}
        <DialogFormActions
          label={
            source === 'import'
              ? 'Import certificate'
              : channel.c2pa_certificate
                ? 'Make a new certificate'
                : 'Make certificate'
          }
          working={source === 'import' ? 'Importing…' : 'Making…'}
          busy={form.busy}
          onCancel={onCancel}
        />
      </form>
    </Dialog>
  );
}

/**
 * What the channel signs as now. A made certificate's root is offered for download, for readers to trust; an
 * imported one is trusted where its CA is.
 */
function CertificateMade({ channel, made, onDone }: { channel: Channel; made: C2paCertificate; onDone: () => void }) {
  const file = `${channel.channel_name.replace(/[^\w.-]+/g, '-')}.root.crt`;
  return (
    <>
      <Notice kind="ok">
        <p id="c2pa-certificate-made">
          Its tokens now sign as <bdi>{made.signer}</bdi> ({made.algorithm === 'es256' ? 'ES256' : 'Ed25519'}), valid
          until {made.not_after.slice(0, 10)}.
        </p>
      </Notice>
      {made.origin === 'made' ? (
        <p>
          Readers see “signed, unknown signer” until they trust its root certificate: give them this file for their C2PA
          tool’s trust settings, <code>wm verify --trust</code> or the checker.
        </p>
      ) : (
        <p>
          Issued by <bdi>{made.issuer}</bdi>: readers whose C2PA tool trusts that certificate authority see the signer
          trusted; the others see “signed, unknown signer”.
        </p>
      )}
      <div class="actions">
        {made.origin === 'made' && (
          <button type="button" class="button" onClick={() => downloadText(made.anchor_pem, file)}>
            Download {file}
          </button>
        )}
        <button type="button" class="button primary" onClick={onDone}>
          Done
        </button>
      </div>
    </>
  );
}
