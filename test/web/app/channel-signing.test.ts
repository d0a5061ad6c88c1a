// @vitest-environment jsdom
import { h, render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { Channel } from '../../../src/web/app/api-types.js';
import { SigningCell } from '../../../src/web/app/pages/channel-signing.js';

// The badge of a channel's signing key says what the key set holds now (the API's keys_published), not what the
// owner asked for (keys_public): a request waits for the operator's approval and a verified email address.

const KEY = {
  key_id: '0123456789abcdef',
  public_key: 'x'.repeat(43),
  created_at: '2026-11-01T10:00:00.000Z',
  retired_at: null,
};

function channel(fields: Partial<Channel>): Channel {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    channel_name: 'newsroom',
    is_active: true,
    created_at: '2026-11-01T10:00:00.000Z',
    signing_keys: [KEY],
    keys_public: false,
    signer_name: null,
    keys_published: false,
    active_tokens: 1,
    c2pa_certificate: false,
    ...fields,
  };
}

function badgeOf(shown: Channel): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  render(h(SigningCell, { channel: shown }), root);
  return root.querySelector<HTMLElement>('.badge')!;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the signing badge of a channel', () => {
  it('says "published" only when the keys are in the key set', () => {
    const badge = badgeOf(channel({ keys_public: true, signer_name: 'Example News', keys_published: true }));
    expect(badge.textContent).toBe('published as Example News');
    expect(badge.className).toBe('badge ok');
  });

  it('says a request waits while the keys are asked for but not published', () => {
    const badge = badgeOf(channel({ keys_public: true, keys_published: false }));
    expect(badge.textContent).toBe('waiting to be published as newsroom');
    expect(badge.className).toBe('badge wait');
    expect(badge.title).toMatch(/approv/);
  });

  it('says "not published" when nobody asked', () => {
    const badge = badgeOf(channel({}));
    expect(badge.textContent).toBe('not published');
    expect(badge.className).toBe('badge off');
  });
});
