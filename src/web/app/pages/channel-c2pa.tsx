import { useState } from 'preact/hooks';
import { downloadText } from '../../checker/text-file.js';
import { api } from '../session.js';
import { Dialog, DialogFormActions } from '../ui/dialog.js';
import { Field } from '../ui/field.js';
import { Notice } from '../ui/notice.js';
import { useForm } from '../use-form.js';
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

/**
 * Make the channel a C2PA signing certificate (a root of its own issues it): its API tokens then sign texts with
 * Content Credentials (the checker's Sign tab, c2pa-sign). Readers see "signed, unknown signer" until they trust the
 * root, which is offered for download here. An imported chain (from a CA) goes through the API or the CLI.
 */
export function C2paCertificateDialog({ channel, onDone, onCancel }: ChannelDialogProps) {
  const [signer, setSigner] = useState(channel.signer_name ?? channel.channel_name);
  const [algorithm, setAlgorithm] = useState<C2paCertificate['algorithm']>('es256');
  const [made, setMade] = useState<C2paCertificate | null>(null);
  const form = useForm(['signer_name']);
  const make = async () => {
    const path = pathWith(API_PATHS.c2paCertificate, { channelId: channel.id });
    const body = { signer_name: signer.trim(), algorithm };
    setMade((await api<{ certificate: C2paCertificate }>('PUT', path, { body })).certificate);
  };
  const title = `Content Credentials for “${channel.channel_name}”`;
  if (made) {
    const file = `${channel.channel_name.replace(/[^\w.-]+/g, '-')}.root.crt`;
    return (
      <Dialog id="c2pa-certificate" title={title} onClose={onDone}>
        <Notice kind="ok">
          <p id="c2pa-certificate-made">
            Its tokens now sign as <bdi>{made.signer}</bdi> ({made.algorithm === 'es256' ? 'ES256' : 'Ed25519'}), valid
            until {made.not_after.slice(0, 10)}.
          </p>
        </Notice>
        <p>
          Readers see “signed, unknown signer” until they trust its root certificate: give them this file for their C2PA
          tool’s trust settings, <code>wm verify --trust</code> or the checker.
        </p>
        <div class="actions">
          <button type="button" class="button" onClick={() => downloadText(made.anchor_pem, file)}>
            Download {file}
          </button>
          <button type="button" class="button primary" onClick={onDone}>
            Done
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog id="c2pa-certificate" title={title} onClose={onCancel}>
      <form onSubmit={(event) => form.submit(event, make)} noValidate>
        {form.error && <Notice kind="error">{form.error}</Notice>}
        <p>
          A C2PA signing certificate lets the channel’s API tokens sign texts with Content Credentials, which readers’
          C2PA tools show. Made here, it is issued by a root certificate of the channel’s own; its private key stays
          sealed on the server.
          {channel.c2pa_certificate && ' It replaces the certificate the channel holds.'} A certificate from a CA is
          imported with <code>PUT {API_PATHS.c2paCertificate}</code> or <code>wm channels c2pa-certificate</code>.
        </p>
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
        <DialogFormActions
          label={channel.c2pa_certificate ? 'Make a new certificate' : 'Make certificate'}
          working="Making…"
          busy={form.busy}
          onCancel={onCancel}
        />
      </form>
    </Dialog>
  );
}
