import { useState } from 'preact/hooks';
import type { ApiToken, Channel, CreatedApiToken, Permission } from '../api-types.js';
import { formatDateTime } from '../format.js';
import { Link } from '../router.js';
import { api } from '../session.js';
import { CopyButton } from '../ui/copy-button.js';
import { ConfirmDialog, Dialog } from '../ui/dialog.js';
import { Field } from '../ui/field.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { Loading } from '../ui/skeleton.js';
import { useConfirmed } from '../use-confirmed.js';
import { useForm } from '../use-form.js';
import { useLoad } from '../use-load.js';
import { API_PATHS, pathWith } from '../../../api/paths.js';

interface TokensData {
  tokens: ApiToken[];
  channels: Channel[];
}

const loadTokens = async (): Promise<TokensData> => {
  const [tokens, { channels }] = await Promise.all([
    api<ApiToken[]>('GET', API_PATHS.tokens),
    api<{ channels: Channel[] }>('GET', API_PATHS.channels),
  ]);
  return { tokens, channels };
};

export function TokensPage() {
  const { data, error, reload } = useLoad(loadTokens);
  // the secret lives in this state only while its dialog is open; closing the dialog drops it
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const channelName = (id: string | null) =>
    id ? (data?.channels.find((channel) => channel.id === id)?.channel_name ?? 'unknown channel') : null;

  return (
    <main id="main">
      <PageTitle title="API tokens">
        <p>Tokens authorise watermark requests. Each one is shown once, when it is created.</p>
      </PageTitle>
      {error && <Notice kind="error">{error}</Notice>}
      <div>
        {/* the form first: the list, whose height depends on the tokens, then grows below without moving it */}
        <CreateTokenForm
          showingSecret={created !== null}
          channels={data?.channels.filter((channel) => channel.is_active) ?? []}
          onCreated={(token) => {
            setCreated(token);
            reload();
          }}
        />
        <section class="card" aria-labelledby="list-title">
          <h2 id="list-title">Your tokens</h2>
          {!data ? (
            !error && <Loading what="tokens" lines={5} />
          ) : data.tokens.length === 0 ? (
            <p class="empty">No API tokens yet. Create your first one with the form above.</p>
          ) : (
            <TokenTable tokens={data.tokens} channelName={channelName} onRevoke={setRevoking} />
          )}
        </section>
      </div>
      {created && <SecretDialog token={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <RevokeDialog
          token={revoking}
          onDone={() => {
            setRevoking(null);
            reload();
          }}
          onCancel={() => setRevoking(null)}
        />
      )}
    </main>
  );
}

function TokenTable({
  tokens,
  channelName,
  onRevoke,
}: {
  tokens: ApiToken[];
  channelName: (id: string | null) => string | null;
  onRevoke: (token: ApiToken) => void;
}) {
  return (
    <div class="table-wrap">
      <table class="stack">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Token</th>
            <th scope="col">Permissions</th>
            <th scope="col">Channel</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id}>
              <td data-label="Name">{token.name}</td>
              <td data-label="Token">
                <code>{token.token_prefix}…</code>
              </td>
              <td data-label="Permissions">{token.permissions.join(', ')}</td>
              <td data-label="Channel">
                <span class="cell-group">
                  {channelName(token.signing_channel_id) ?? <span class="muted">none (unkeyed)</span>}
                  {token.sign && <span class="badge ok">{token.encrypt ? 'signs' : 'signs, not encrypted'}</span>}
                </span>
              </td>
              <td data-label="Created">{formatDateTime(token.created_at)}</td>
              <td data-label="Last used">
                {token.last_used_at ? formatDateTime(token.last_used_at) : <span class="muted">never</span>}
              </td>
              <td data-label="">
                <button
                  type="button"
                  class="button danger small"
                  onClick={() => onRevoke(token)}
                  aria-label={`Revoke ${token.name}`}
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CreateTokenForm({
  channels,
  onCreated,
  showingSecret,
}: {
  channels: Channel[];
  onCreated: (token: CreatedApiToken) => void;
  /** the new token's dialog is open: a second Enter or click that reaches the form meanwhile creates nothing */
  showingSecret: boolean;
}) {
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<Permission[]>(['encode', 'decode']);
  const [channelId, setChannelId] = useState('');
  const [sign, setSign] = useState(false);
  const [encrypt, setEncrypt] = useState(true);
  const form = useForm(['name', 'permissions', 'signing_channel_id', 'sign', 'encrypt']);
  const channel = channels.find((c) => c.id === channelId);
  const canSign = channel?.signing_keys.some((key) => key.retired_at === null) ?? false;
  const toggle = (permission: Permission, on: boolean) =>
    setPermissions((current) => (on ? [...current, permission].sort() : current.filter((p) => p !== permission)));

  // what the server refuses is not sent: an Enter and a click on the button, one just after the other, used to send
  // the form a second time once the first had created the token and emptied the name (a 400 nobody saw)
  const submit = (event: Event) => {
    if (showingSecret) return event.preventDefault();
    void form.submit(event, create, () => ({
      name: name.trim() ? undefined : 'Give the token a name',
      permissions: permissions.length > 0 ? undefined : 'Choose at least one permission',
    }));
  };
  const create = async () => {
    const token = await api<CreatedApiToken>('POST', API_PATHS.tokens, {
      body: {
        name: name.trim(),
        permissions,
        signing_channel_id: channelId || null,
        ...(canSign && sign ? { sign: true, encrypt } : {}),
      },
    });
    setName('');
    onCreated(token);
  };

  return (
    <form class="card" aria-labelledby="create-title" onSubmit={submit} noValidate>
      <h2 id="create-title">Create a token</h2>
      {form.error && <Notice kind="error">{form.error}</Notice>}
      <Field
        id="token-name"
        label="Name"
        value={name}
        onValue={setName}
        required
        maxLength={100}
        hint="Where it is used, e.g. “laptop” or “CI”."
        error={form.fields.name}
      />
      <fieldset aria-describedby={form.fields.permissions ? 'permissions-error' : undefined}>
        <legend>Permissions</legend>
        {(['encode', 'decode'] as const).map((permission) => (
          <label class="check" key={permission}>
            <input
              type="checkbox"
              checked={permissions.includes(permission)}
              onChange={(event) => toggle(permission, event.currentTarget.checked)}
            />
            {permission === 'encode'
              ? 'encode — hide secrets (encode, encode-robust)'
              : 'decode — read them (decode, decode-robust)'}
          </label>
        ))}
        {form.fields.permissions && (
          <p class="field-error" id="permissions-error">
            {form.fields.permissions}
          </p>
        )}
      </fieldset>
      <div class="field">
        <label for="token-channel">Channel (optional)</label>
        <select
          id="token-channel"
          value={channelId}
          onChange={(event) => setChannelId(event.currentTarget.value)}
          aria-describedby="token-channel-hint"
          aria-invalid={form.fields.signing_channel_id ? 'true' : undefined}
        >
          <option value="">None — unkeyed watermarks anyone can read</option>
          {channels.map((channel) => (
            <option key={channel.id} value={channel.id}>
              {channel.channel_name}
            </option>
          ))}
        </select>
        <p class="hint" id="token-channel-hint">
          A token bound to a channel makes keyed watermarks (AES-256-GCM): only tokens of the same channel read them.
          See <Link href="/channels">channels</Link>.
        </p>
        {form.fields.signing_channel_id && <p class="field-error">{form.fields.signing_channel_id}</p>}
      </div>
      {canSign && (
        <fieldset>
          <legend>Signing</legend>
          <label class="check">
            <input type="checkbox" checked={sign} onChange={(event) => setSign(event.currentTarget.checked)} />
            Sign its marks with the channel's signing key
          </label>
          {sign && (
            <label class="check">
              <input type="checkbox" checked={encrypt} onChange={(event) => setEncrypt(event.currentTarget.checked)} />
              Also encrypt the secret (off: anyone can read it and check the signature)
            </label>
          )}
          {(form.fields.sign ?? form.fields.encrypt) && (
            <p class="field-error">{form.fields.sign ?? form.fields.encrypt}</p>
          )}
        </fieldset>
      )}
      <button type="submit" class="button primary" disabled={form.busy}>
        {form.busy ? 'Creating…' : 'Create token'}
      </button>
    </form>
  );
}

function SecretDialog({ token, onClose }: { token: CreatedApiToken; onClose: () => void }) {
  return (
    <Dialog id="secret" title={`Token “${token.name}” created`} onClose={onClose}>
      <Notice kind="warn">
        <p>
          <strong>Copy the token now.</strong> It is shown only this once: the server keeps a hash, not the token, and
          this page forgets it when you close this window.
        </p>
      </Notice>
      <div class="secret-box">
        <output id="secret-value" aria-label="Your new API token">
          {token.token}
        </output>
        <CopyButton text={() => token.token} label="Copy token" class="button primary" />
      </div>
      <p class="muted small">
        Send it as <code>Authorization: Bearer &lt;token&gt;</code>. Keep it out of URLs and source code.
      </p>
      <div class="actions">
        <button type="button" class="button" onClick={onClose}>
          I have copied it — close
        </button>
      </div>
    </Dialog>
  );
}

function RevokeDialog({ token, onDone, onCancel }: { token: ApiToken; onDone: () => void; onCancel: () => void }) {
  const { busy, error, confirm } = useConfirmed(
    () => api('DELETE', pathWith(API_PATHS.token, { tokenId: token.id })),
    onDone,
  );
  return (
    <ConfirmDialog
      id="revoke"
      title={`Revoke “${token.name}”?`}
      confirmLabel="Revoke token"
      busy={busy}
      error={error}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>
        Requests with <code>{token.token_prefix}…</code> are refused from this moment on (401). This cannot be undone; a
        new token has a new secret.
      </p>
    </ConfirmDialog>
  );
}
