import { useState } from 'preact/hooks';
import { ApiError } from '../api.js';
import type { Channel, User } from '../api-types.js';
import { formatDateTime, planName } from '../format.js';
import { api, currentUser } from '../session.js';
import { ConfirmDialog } from '../ui/dialog.js';
import { Field } from '../ui/field.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { Loading } from '../ui/skeleton.js';
import { useForm } from '../use-form.js';
import { useLoad } from '../use-load.js';
import { useConfirmed } from '../use-confirmed.js';
import {
  currentKeyOf,
  PublishDialog,
  SigningCell,
  SigningKeyDialog,
  type ChannelDialogProps,
} from './channel-signing.js';
import { C2paCertificateDialog } from './channel-c2pa.js';
import { API_PATHS, pathWith } from '../../../api/paths.js';

const loadChannels = async () => {
  const [{ channels }, { user }] = await Promise.all([
    api<{ channels: Channel[] }>('GET', API_PATHS.channels),
    api<{ user: User }>('GET', API_PATHS.profile),
  ]);
  currentUser.value = user;
  return channels;
};

const ASK_OPERATOR =
  'Plans are changed by the operator of this server (wm users set-plan); ask them for the starter or pro plan.';

/** What a row's action opens: a dialog about that channel. */
type ChannelAction = { kind: 'deactivate' | 'signing-key' | 'publish' | 'c2pa'; channel: Channel };

export function ChannelsPage() {
  const { data, error, reload } = useLoad(loadChannels);
  const [action, setAction] = useState<ChannelAction | null>(null);
  const done = () => {
    setAction(null);
    reload();
  };
  const cancel = () => setAction(null);
  const plan = currentUser.value?.plan ?? 'free';
  return (
    <main id="main">
      <PageTitle title="Channels">
        <p>
          A channel is a secret key kept on this server. API tokens bound to it encrypt what they hide, so that only
          tokens of the same channel can read it (keyed watermarks); with a signing key too, they also sign their marks,
          and anyone holding the public key can check who made them. The API calls channels “signing channels”
          (signing_channel_id), whether or not they sign.
        </p>
      </PageTitle>
      {error && <Notice kind="error">{error}</Notice>}
      <div>
        {/* the form first, as on the tokens page: the list's height depends on the channels */}
        {plan === 'free' ? (
          <section class="card" aria-labelledby="create-channel-title">
            <h2 id="create-channel-title">Create a channel</h2>
            <Notice kind="info">
              <p>
                Channels come with the starter plan (3 active channels) and the pro plan (20). You are on the free plan.
              </p>
              <p>{ASK_OPERATOR}</p>
            </Notice>
          </section>
        ) : (
          <CreateChannelForm onCreated={reload} plan={plan} />
        )}
        <section class="card" aria-labelledby="channels-title">
          <h2 id="channels-title">Your channels</h2>
          {!data ? (
            !error && <Loading what="channels" lines={4} />
          ) : data.length === 0 ? (
            <p class="empty">No channels yet.</p>
          ) : (
            <ChannelTable channels={data} onAction={setAction} />
          )}
        </section>
      </div>
      {action?.kind === 'deactivate' && <DeactivateDialog channel={action.channel} onDone={done} onCancel={cancel} />}
      {action?.kind === 'signing-key' && <SigningKeyDialog channel={action.channel} onDone={done} onCancel={cancel} />}
      {action?.kind === 'publish' && <PublishDialog channel={action.channel} onDone={done} onCancel={cancel} />}
      {action?.kind === 'c2pa' && <C2paCertificateDialog channel={action.channel} onDone={done} onCancel={cancel} />}
    </main>
  );
}

const publishVerb = (channel: Channel) => (channel.keys_public ? 'Unpublish' : 'Publish');

function ChannelTable({ channels, onAction }: { channels: Channel[]; onAction: (action: ChannelAction) => void }) {
  return (
    <div class="table-wrap">
      <table class="stack">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">State</th>
            <th scope="col" class="num">
              Active tokens
            </th>
            <th scope="col">Created</th>
            <th scope="col">Signing key</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => (
            <tr key={channel.id}>
              <td data-label="Name" class="name">
                {channel.channel_name}
              </td>
              <td data-label="State">
                <span class={`badge ${channel.is_active ? 'ok' : 'off'}`}>
                  {channel.is_active ? 'active' : 'deactivated'}
                </span>
                {channel.c2pa_certificate && (
                  <span class="badge ok" title="It holds a C2PA certificate: its tokens sign Content Credentials">
                    C2PA
                  </span>
                )}
              </td>
              <td data-label="Active tokens" class="num">
                {channel.active_tokens}
              </td>
              <td data-label="Created" class="when">
                {formatDateTime(channel.created_at)}
              </td>
              <td data-label="Signing key">
                <SigningCell channel={channel} />
              </td>
              <td data-label="">
                <span class="cell-group">
                  <button
                    type="button"
                    class="button small"
                    onClick={() => onAction({ kind: 'signing-key', channel })}
                    aria-label={
                      currentKeyOf(channel)
                        ? `Rotate the signing key of ${channel.channel_name}`
                        : `Add a signing key to ${channel.channel_name}`
                    }
                  >
                    {currentKeyOf(channel) ? 'Rotate key' : 'Add signing key'}
                  </button>
                  {currentKeyOf(channel) && (
                    <button
                      type="button"
                      class="button small"
                      onClick={() => onAction({ kind: 'publish', channel })}
                      aria-label={`${publishVerb(channel)} the keys of ${channel.channel_name}`}
                    >
                      {publishVerb(channel)}
                    </button>
                  )}
                  <button
                    type="button"
                    class="button small"
                    onClick={() => onAction({ kind: 'c2pa', channel })}
                    aria-label={`Make a C2PA certificate for ${channel.channel_name}`}
                  >
                    {channel.c2pa_certificate ? 'New C2PA certificate' : 'Make C2PA certificate'}
                  </button>
                  {channel.is_active && (
                    <button
                      type="button"
                      class="button danger small"
                      onClick={() => onAction({ kind: 'deactivate', channel })}
                      aria-label={`Deactivate ${channel.channel_name}`}
                    >
                      Deactivate
                    </button>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The plan refusals (403) as what they mean and what to do; anything else as the API says it. */
function channelRefusal(failure: unknown, plan: string): string | null {
  if (!(failure instanceof ApiError) || failure.status !== 403) return null;
  const limit = failure.fields.limit;
  if (limit) {
    const full = `The ${planName(plan)} plan allows ${limit} active channels, and you have them all.`;
    return `${full} Deactivate one, or: ${ASK_OPERATOR}`;
  }
  return `${failure.message}. ${ASK_OPERATOR}`;
}

function CreateChannelForm({ onCreated, plan }: { onCreated: () => void; plan: string }) {
  const [name, setName] = useState('');
  const [signing, setSigning] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm(['channel_name']);
  const create = async () => {
    setRefusal(null);
    try {
      await api('POST', API_PATHS.channels, { body: { channel_name: name.trim(), signing } });
    } catch (failure) {
      const explained = channelRefusal(failure, plan);
      if (!explained) throw failure;
      setRefusal(explained);
      return;
    }
    setName('');
    setSigning(false);
    onCreated();
  };
  return (
    <form
      class="card"
      aria-labelledby="create-channel-title"
      onSubmit={(event) => form.submit(event, create)}
      noValidate
    >
      <h2 id="create-channel-title">Create a channel</h2>
      {refusal && <Notice kind="warn">{refusal}</Notice>}
      {form.error && <Notice kind="error">{form.error}</Notice>}
      <Field
        id="channel-name"
        label="Channel name"
        value={name}
        onValue={setName}
        required
        maxLength={64}
        hint="Unique among your channels, e.g. “press” or “contracts”."
        error={form.fields.channel_name}
      />
      <label class="check">
        <input type="checkbox" checked={signing} onChange={(event) => setSigning(event.currentTarget.checked)} />
        With a signing key (Ed25519), so its tokens can sign marks
      </label>
      <button type="submit" class="button primary" disabled={form.busy}>
        {form.busy ? 'Creating…' : 'Create channel'}
      </button>
    </form>
  );
}

function DeactivateDialog({ channel, onDone, onCancel }: ChannelDialogProps) {
  const { busy, error, confirm } = useConfirmed(
    () => api('DELETE', pathWith(API_PATHS.channel, { channelId: channel.id })),
    onDone,
  );
  return (
    <ConfirmDialog
      id="deactivate"
      title={`Deactivate “${channel.channel_name}”?`}
      confirmLabel="Deactivate channel"
      busy={busy}
      error={error}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>What this keeps:</p>
      <ul>
        <li>The channel's key stays on the server, so every watermark made with it can still be decoded.</li>
        <li>
          Its {channel.active_tokens === 1 ? 'token keeps' : `${channel.active_tokens} tokens keep`} working until you
          revoke {channel.active_tokens === 1 ? 'it' : 'them'} on the API tokens page.
        </li>
      </ul>
      <p>What changes: no new token can be bound to it, and it no longer counts towards your plan's channel limit.</p>
    </ConfirmDialog>
  );
}
