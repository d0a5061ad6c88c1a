// @vitest-environment jsdom
import { h, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken, Channel } from '../../../src/web/app/api-types.js';
import { api, sessionState } from '../../../src/web/app/session.js';
import { TokenField } from '../../../src/web/checker/token-field.js';
import { API_PATHS } from '../../../src/api/paths.js';

// The Sign tab's token field (need "c2pa-sign"), signed in: it offers only the tokens that may encode and whose
// channel holds a C2PA certificate, and when there is none it says why and what to do. The account's tokens and
// channels are what the API would list; the browser flows themselves are test/web/e2e/content-credentials.test.ts.

vi.mock('../../../src/web/app/session.js', async (original) => ({
  ...(await original<typeof import('../../../src/web/app/session.js')>()),
  api: vi.fn(),
}));

const PRESS = '00000000-0000-4000-8000-000000000001';
const BLOG = '00000000-0000-4000-8000-000000000002';

function channel(id: string, channel_name: string, c2pa_certificate: boolean): Channel {
  return {
    id,
    channel_name,
    is_active: true,
    created_at: '2026-11-01T10:00:00.000Z',
    signing_keys: [],
    keys_public: false,
    signer_name: null,
    keys_published: false,
    active_tokens: 1,
    c2pa_certificate,
  };
}

function token(name: string, permissions: ApiToken['permissions'], signing_channel_id: string | null): ApiToken {
  return {
    id: `token-${name}`,
    name,
    permissions,
    token_prefix: 'wm_abcd',
    signing_channel_id,
    sign: false,
    encrypt: signing_channel_id !== null,
    created_at: '2026-11-01T10:00:00.000Z',
    last_used_at: null,
  };
}

/** The field as the Sign tab draws it for an account holding these tokens and channels, once they are loaded. */
async function signField(tokens: ApiToken[], channels: Channel[]): Promise<HTMLElement> {
  vi.mocked(api).mockImplementation((method: string, path: string) => {
    if (method === 'GET' && path === API_PATHS.tokens) return Promise.resolve(tokens);
    if (method === 'GET' && path === API_PATHS.channels) return Promise.resolve({ channels });
    return Promise.reject(new Error(`unexpected ${method} ${path}`));
  });
  const root = document.createElement('div');
  document.body.append(root);
  render(h(TokenField, { need: 'c2pa-sign' }), root);
  await vi.waitFor(() =>
    expect(root.querySelector('#c2pa-no-token, #c2pa-no-certificate, select:not([disabled])')).not.toBeNull(),
  );
  return root;
}

beforeEach(() => {
  sessionState.value = 'signed-in';
});
afterEach(() => {
  render(null, document.body);
  document.body.replaceChildren();
});

describe('the Sign tab when a channel holds a certificate but no token that may encode is bound to it', () => {
  const channels = [channel(PRESS, 'press', true), channel(BLOG, 'blog', false)];
  // bound to press but may only decode; may encode but bound to the channel without a certificate, or to none
  const tokens = [token('press reader', ['decode'], PRESS), token('blog desk', ['encode'], BLOG)];

  it('says which channel has the certificate and which token to create, with a link to the tokens page', async () => {
    const field = await signField([...tokens, token('laptop', ['encode', 'decode'], null)], channels);
    const notice = field.querySelector<HTMLElement>('#c2pa-no-token')!;
    expect(notice.textContent).toBe(
      'Your channel press holds a C2PA certificate, but none of your API tokens that may encode is bound to it: the ' +
        'server signs with the certificate of the token’s channel. On the API tokens page, create a token with the ' +
        'encode permission and press as its channel; then come back and pick it here.',
    );
    expect(notice.querySelector('a')?.getAttribute('href')).toBe('/tokens');
    expect(notice.closest('[role=status]')).not.toBeNull();
    expect(field.querySelector('select')).toBeNull();
  });

  it('names every channel with a certificate when there are several', async () => {
    const field = await signField(tokens, [...channels, channel('3', 'archive', true)]);
    const text = field.querySelector('#c2pa-no-token')?.textContent;
    expect(text).toMatch(/^Your channels press and archive hold C2PA certificates, but none .* bound to any of them:/);
    expect(text).toContain('create a token with the encode permission and press or archive as its channel;');
  });

  it('offers the token once one that may encode is bound to press, and only that one', async () => {
    const field = await signField([...tokens, token('press desk', ['encode'], PRESS)], channels);
    expect([...field.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'press desk — encode · channel press',
    ]);
    expect(field.querySelector('#c2pa-no-token')).toBeNull();
  });

  it('without any certificate, says how to get one instead', async () => {
    const field = await signField(tokens, [channel(PRESS, 'press', false)]);
    expect(field.querySelector('#c2pa-no-certificate')?.textContent).toContain(
      'None of your channels holds a C2PA certificate',
    );
    expect(field.querySelector('#c2pa-no-token')).toBeNull();
  });
});
