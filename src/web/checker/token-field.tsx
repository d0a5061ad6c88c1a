import { useEffect } from 'preact/hooks';
import type { ApiToken, Channel } from '../app/api-types.js';
import { Link } from '../app/router.js';
import { api, sessionState } from '../app/session.js';
import { Notice } from '../app/ui/notice.js';
import { useLoad } from '../app/use-load.js';
import { checkerToken, checkerTokenId, pickedToken } from './watermark-api.js';
import { API_PATHS } from '../../api/paths.js';

/** What the token must be able to do: encode or decode, or sign Content Credentials (encode, with a certificate). */
type Need = 'encode' | 'decode' | 'c2pa-sign';

/**
 * Which API token a server operation runs as. Signed in: one of the account's tokens, picked by name (the page uses
 * the session; the token's secret, shown once at creation, is never needed). Signed out: a pasted token, kept in
 * memory only.
 */
export function TokenField({ need, channels = true }: { need: Need; channels?: boolean }) {
  return sessionState.value === 'signed-in' ? <TokenPicker need={need} channels={channels} /> : <PastedToken />;
}

/** A token's channel holds a C2PA certificate: the server signs Content Credentials with it. */
const signsC2pa = (token: ApiToken, channels: Channel[]) =>
  channels.some((channel) => channel.id === token.signing_channel_id && channel.c2pa_certificate);

/** Where a token's channel matters (`channels`: keyed watermarks, not copies), a word on it. */
const channelHint = (channels: boolean) => (channels ? ' (bound to a channel for keyed watermarks)' : '');

/** A token in the list: its name, permissions, channel and whether it signs (and then, whether it encrypts). */
const describe = (token: ApiToken, channels: Channel[]) => {
  const channel = channels.find((c) => c.id === token.signing_channel_id)?.channel_name;
  const signs = token.sign ? (token.encrypt ? ' · signs' : ' · signs, not encrypted') : '';
  return `${token.name} — ${token.permissions.join(', ')}${channel ? ` · channel ${channel}` : ''}${signs}`;
};

function TokenPicker({ need, channels }: { need: Need; channels: boolean }) {
  const { data, error } = useLoad(async () => {
    const [tokens, { channels }] = await Promise.all([
      api<ApiToken[]>('GET', API_PATHS.tokens),
      api<{ channels: Channel[] }>('GET', API_PATHS.channels),
    ]);
    const permitted = tokens.filter((token) => token.permissions.includes(need === 'decode' ? 'decode' : 'encode'));
    if (need !== 'c2pa-sign') return { tokens: permitted, channels };
    return { tokens: permitted.filter((token) => signsC2pa(token, channels)), channels };
  }, [need]);
  const tokens = data?.tokens ?? [];
  // keep the choice while it is still one of the tokens offered, else take the first
  useEffect(() => {
    if (!data) return;
    if (!tokens.some((token) => token.id === checkerTokenId.value)) checkerTokenId.value = tokens[0]?.id ?? '';
  }, [data]);
  useEffect(() => {
    pickedToken.value = tokens.find((token) => token.id === checkerTokenId.value) ?? null;
  }, [data, checkerTokenId.value]);
  if (error) return <Notice kind="error">{error}</Notice>;
  if (data && tokens.length === 0 && need === 'c2pa-sign') return <NoC2paToken channels={data.channels} />;
  if (data && tokens.length === 0) {
    return (
      <p class="hint">
        None of your API tokens may {need}. <Link href="/tokens">Create one</Link>
        {channelHint(channels)}, then come back.
      </p>
    );
  }
  return (
    <div class="field">
      <label for="checker-token">Run as your API token</label>
      <select
        id="checker-token"
        value={checkerTokenId.value}
        disabled={!data}
        onChange={(event) => (checkerTokenId.value = event.currentTarget.value)}
        aria-describedby="checker-token-hint"
      >
        {!data && <option value="">Loading your tokens…</option>}
        {tokens.map((token) => (
          <option key={token.id} value={token.id}>
            {describe(token, data?.channels ?? [])}
          </option>
        ))}
      </select>
      <p class="hint" id="checker-token-hint">
        Its permissions and channel apply, and the operation is charged to your account as that token's.
      </p>
    </div>
  );
}

/**
 * Why no token can sign Content Credentials, and what to do: no channel holds a certificate (how to get one), or
 * channels do but no token that may encode is bound to one of them (which token to create).
 */
function NoC2paToken({ channels }: { channels: Channel[] }) {
  const certified = channels.filter((channel) => channel.c2pa_certificate).map((channel) => channel.channel_name);
  if (certified.length === 0) {
    return (
      <Notice kind="warn">
        <p id="c2pa-no-certificate">
          None of your channels holds a C2PA certificate, which the server signs Content Credentials with. Give one a
          certificate on the <Link href="/channels">Channels</Link> page, or ask your server’s operator to run{' '}
          <code>wm channels c2pa-certificate CHANNEL --user EMAIL</code>; then come back.
        </p>
      </Notice>
    );
  }
  const list = (type: Intl.ListFormatType) => new Intl.ListFormat('en', { type }).format(certified);
  const one = certified.length === 1;
  return (
    <Notice kind="warn">
      <p id="c2pa-no-token">
        {one ? 'Your channel ' : 'Your channels '}
        {list('conjunction')} {one ? 'holds a C2PA certificate' : 'hold C2PA certificates'}, but none of your API tokens
        that may encode is bound to {one ? 'it' : 'any of them'}: the server signs with the certificate of the token’s
        channel. On the <Link href="/tokens">API tokens</Link> page, create a token with the encode permission and{' '}
        {list('disjunction')} as its channel; then come back and pick it here.
      </p>
    </Notice>
  );
}

function PastedToken() {
  return (
    <div class="field">
      <label for="checker-token">API token</label>
      <input
        id="checker-token"
        type="password"
        autocomplete="off"
        spellcheck={false}
        value={checkerToken.value}
        onInput={(event) => (checkerToken.value = event.currentTarget.value)}
        aria-describedby="checker-token-hint"
      />
      <p class="hint" id="checker-token-hint">
        A token from the API tokens page; bound to a channel for keyed watermarks. It is kept only while this page is
        open. <Link href="/signin">Sign in</Link> to pick one of your tokens instead.
      </p>
    </div>
  );
}
