import { useState } from 'preact/hooks';
import type { Channel } from '../api-types.js';
import { formatDateTime } from '../format.js';
import { api } from '../session.js';
import { ConfirmDialog, Dialog, DialogFormActions } from '../ui/dialog.js';
import { Field } from '../ui/field.js';
import { Notice } from '../ui/notice.js';
import { useConfirmed } from '../use-confirmed.js';
import { useForm } from '../use-form.js';
import { API_PATHS, pathWith } from '../../../api/paths.js';

/** The key that signs now; undefined for a channel without one. */
export const currentKeyOf = (channel: Channel) => channel.signing_keys.find((key) => key.retired_at === null);

/** The signing state of a channel in its table row: the current key id and whether its keys are published. */
export function SigningCell({ channel }: { channel: Channel }) {
  const current = currentKeyOf(channel);
  if (!current) return <span class="muted">none</span>;
  const retired = channel.signing_keys.length - 1;
  return (
    <span class="cell-group">
      <code title={`Since ${formatDateTime(current.created_at)}`}>{current.key_id}</code>
      <PublicationBadge channel={channel} />
      {retired > 0 && <span class="muted small">{retired} retired</span>}
    </span>
  );
}

const WAITING =
  'Asked for: the keys join the public key set once your email address is verified and, if this server asks ' +
  'for it, its operator approves';

/**
 * Whether the keys are in the public key set now (`keys_published`), not only asked for (`keys_public`): a request
 * waits for the operator's approval and a verified email address.
 */
function PublicationBadge({ channel }: { channel: Channel }) {
  const name = channel.signer_name ?? channel.channel_name;
  if (channel.keys_published) return <span class="badge ok">published as {name}</span>;
  if (!channel.keys_public) return <span class="badge off">not published</span>;
  return (
    <span class="badge wait" title={WAITING}>
      waiting to be published as {name}
    </span>
  );
}

/** What a dialog about one channel is given. */
export interface ChannelDialogProps {
  channel: Channel;
  onDone: () => void;
  onCancel: () => void;
}

/** Add the first signing key, or rotate: the current key is retired, kept and still published. */
export function SigningKeyDialog({ channel, onDone, onCancel }: ChannelDialogProps) {
  const current = currentKeyOf(channel);
  const { busy, error, confirm } = useConfirmed(
    () => api('POST', pathWith(API_PATHS.signingKeys, { channelId: channel.id })),
    onDone,
  );
  return (
    <ConfirmDialog
      id="signing-key"
      title={
        current
          ? `Rotate the signing key of “${channel.channel_name}”?`
          : `Give “${channel.channel_name}” a signing key?`
      }
      confirmLabel={current ? 'Rotate key' : 'Create signing key'}
      busy={busy}
      error={error}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      {current ? (
        <ul>
          <li>Its tokens that sign use the new key from now on.</li>
          <li>
            <code>{current.key_id}</code> is retired: kept, and still published if the channel's keys are, so every mark
            it signed keeps verifying.
          </li>
        </ul>
      ) : (
        <p>
          An Ed25519 key pair: the private key stays sealed on the server and is never shown. Tokens of this channel
          created with “Sign its marks” sign with it, and anyone with the public key can check who made a mark.
        </p>
      )}
    </ConfirmDialog>
  );
}

/** List the channel's keys in /.well-known/wm-keys.json under a name, or take them out. */
export function PublishDialog({ channel, onDone, onCancel }: ChannelDialogProps) {
  const [name, setName] = useState(channel.signer_name ?? '');
  const form = useForm(['signer_name']);
  const publishing = !channel.keys_public;
  const save = async () => {
    const body = publishing ? { keys_public: true, signer_name: name.trim() || null } : { keys_public: false };
    await api('PATCH', pathWith(API_PATHS.channel, { channelId: channel.id }), { body });
    onDone();
  };
  return (
    <Dialog
      id="publish"
      title={
        publishing
          ? `Publish the keys of “${channel.channel_name}”`
          : `Unpublish the keys of “${channel.channel_name}”?`
      }
      onClose={onCancel}
    >
      <form onSubmit={(event) => form.submit(event, save)} noValidate>
        {form.error && <Notice kind="error">{form.error}</Notice>}
        {publishing ? (
          <>
            <p>
              Its public keys, retired ones included, are listed at <code>/.well-known/wm-keys.json</code> for anyone
              (once this server's operator approves, if it asks to): <code>wm verify --keys wm-keys.json</code> then
              names you as the signer of your marks.
            </p>
            <Field
              id="signer-name"
              label="Signer name (optional)"
              value={name}
              onValue={setName}
              maxLength={100}
              hint={`How verifiers see you, e.g. “Example News”. Empty: “${channel.channel_name}”.`}
              error={form.fields.signer_name}
            />
          </>
        ) : (
          <p>
            Its keys leave the public key set: verifiers who fetch it anew will call your marks “unknown key”. Your own
            tokens still verify them.
          </p>
        )}
        <DialogFormActions
          label={publishing ? 'Publish keys' : 'Unpublish keys'}
          working="Saving…"
          busy={form.busy}
          onCancel={onCancel}
        />
      </form>
    </Dialog>
  );
}
