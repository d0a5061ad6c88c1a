import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCredentials, parseCertificates, verifyText } from 'wm-watermark-c2pa';
import {
  bearer,
  createApiToken,
  createChannel,
  makeServer,
  signUp,
  type SignedInUser,
  type TestServer,
} from './harness.js';

const TEXT = 'The council approved the budget on Tuesday, after a long debate about the new library.\n';

let server: TestServer;
let owner: SignedInUser;
/** every answer, searched for the channel's private key at the end */
const answers: string[] = [];

beforeAll(async () => {
  server = await makeServer();
  owner = await signUp(server, { plan: 'pro' });
  await server.fixture.domain.admin.grantCredits(owner.email, 1000);
});
afterAll(() => server.close());

async function call(options: InjectOptions) {
  const response = await server.app.inject(options);
  answers.push(response.body);
  return response;
}
const asOwner = (method: InjectOptions['method'], url: string, payload?: object) =>
  call({ method, url, headers: bearer(owner.accessToken), payload });
const certificateUrl = (channelId: string) => `/api/v2/channels/${channelId}/c2pa-certificate`;
const sign = (token: string, payload: object) =>
  call({ method: 'POST', url: '/api/watermark/c2pa-sign', headers: bearer(token), payload });
const balance = async () => (await asOwner('GET', '/api/v2/credits/balance')).json().balance as number;

async function mcpSign(token: string, args: object) {
  const response = await call({
    method: 'POST',
    url: '/mcp',
    headers: { ...bearer(token), accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'c2pa_sign', arguments: args } },
  });
  return response.json().result as { isError?: boolean; structuredContent?: Record<string, unknown> };
}

describe('a channel’s C2PA certificate over REST', () => {
  it('is made (201), shown (200), and an import readers would refuse is 400 with the certificate kept', async () => {
    const channelId = await createChannel(server, owner, 'gazette');
    expect((await asOwner('GET', certificateUrl(channelId))).statusCode).toBe(404);
    const made = await asOwner('PUT', certificateUrl(channelId), {
      signer_name: 'The Gazette',
      days: 30,
      now: server.fixture.clock.now,
    });
    expect(made.statusCode, made.body).toBe(201);
    const certificate = made.json().certificate;
    expect(certificate).toMatchObject({ origin: 'made', algorithm: 'es256', signer: 'The Gazette' });
    expect(Object.keys(certificate)).not.toContain('private_key_pem');
    expect((await asOwner('GET', certificateUrl(channelId))).json().certificate).toEqual(certificate);

    const ca = await newCredentials({ algorithm: 'ed25519', name: 'Someone', days: 30, now: server.fixture.clock.now });
    const selfSigned = await asOwner('PUT', certificateUrl(channelId), {
      private_key_pem: ca.privateKeyPem,
      chain_pem: ca.rootPem,
    });
    expect(selfSigned.statusCode).toBe(400);
    expect(selfSigned.json().details.chain_pem).toMatch(/not the certificate's/);
    const half = await asOwner('PUT', certificateUrl(channelId), { private_key_pem: ca.privateKeyPem });
    expect(half.statusCode).toBe(400);
    expect((await asOwner('GET', certificateUrl(channelId))).json().certificate).toEqual(certificate);
    const stranger = await signUp(server, { plan: 'pro' });
    const foreign = await call({
      method: 'PUT',
      url: certificateUrl(channelId),
      headers: bearer(stranger.accessToken),
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('c2pa_sign on REST and MCP', () => {
  it("signs with the token's channel's certificate: valid, by that signer; trusted with its anchor", async () => {
    const channelId = await createChannel(server, owner, 'herald');
    const ca = await newCredentials({
      algorithm: 'ed25519',
      name: 'Herald Desk',
      days: 30,
      now: server.fixture.clock.now,
    });
    const imported = await asOwner('PUT', certificateUrl(channelId), {
      private_key_pem: ca.privateKeyPem,
      chain_pem: ca.chainPem,
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const { token } = await createApiToken(server, owner, { signing_channel_id: channelId });
    const before = await balance();

    const signed = await sign(token, { text: TEXT, action: 'published', title: 'Budget' });
    expect(signed.statusCode, signed.body).toBe(200);
    const result = signed.json();
    expect(result).toMatchObject({ signer: 'Herald Desk', algorithm: 'ed25519', soft_binding: false });
    expect(await balance()).toBe(before - 1);
    const anchors = parseCertificates(ca.rootPem);
    const verified = await verifyText(result.text, { trustAnchors: anchors, at: server.fixture.clock.now });
    expect(verified).toMatchObject({ state: 'trusted', title: 'Budget', signer: { name: 'Herald Desk' } });
    expect(verified?.actions?.map((action) => action.action)).toEqual(['c2pa.created', 'c2pa.published']);
    // without the anchor: signed, unknown signer
    expect((await verifyText(result.text, { at: server.fixture.clock.now }))?.state).toBe('valid');

    // MCP: the same operation, the same answer's shape, charged the same
    const viaMcp = await mcpSign(token, { text: TEXT, source_type: 'trainedAlgorithmicMedia' });
    expect(viaMcp.isError).toBeFalsy();
    const content = viaMcp.structuredContent as { text: string; signer: string };
    expect(content.signer).toBe('Herald Desk');
    const fromMcp = await verifyText(content.text, { trustAnchors: anchors, at: server.fixture.clock.now });
    expect(fromMcp?.state).toBe('trusted');
    expect(fromMcp?.actions?.[0].digitalSourceType).toMatch(/trainedAlgorithmicMedia$/);
    expect(await balance()).toBe(before - 2);

    // a signed text is refused, free: a second manifest would make readers reject both
    const twice = await sign(token, { text: result.text });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details.text).toMatch(/already carries a C2PA manifest/);
    expect(await balance()).toBe(before - 2);
  });

  it('a marked text gets a soft binding naming its watermark, and encode then refuses the signed text', async () => {
    const channelId = await createChannel(server, owner, 'courier');
    expect((await asOwner('PUT', certificateUrl(channelId), {})).statusCode).toBe(201);
    const { token } = await createApiToken(server, owner, { signing_channel_id: channelId });
    const encoded = await call({
      method: 'POST',
      url: '/api/watermark/encode',
      headers: bearer(token),
      payload: { text: TEXT, secret: 'copy 7' },
    });
    expect(encoded.statusCode, encoded.body).toBe(200);
    const signed = (await sign(token, { text: encoded.json().encoded })).json();
    expect(signed.soft_binding).toBe(true);
    const verified = await verifyText(signed.text, { at: server.fixture.clock.now });
    expect(verified).toMatchObject({ state: 'valid', softBinding: { matches: true } });
    const marked = await call({
      method: 'POST',
      url: '/api/watermark/encode',
      headers: bearer(token),
      payload: { text: signed.text, secret: 'again' },
    });
    expect(marked.statusCode).toBe(400);
  });

  it('a token without a channel, or of a channel without a certificate: 400 naming it, nothing charged', async () => {
    const plain = await createApiToken(server, owner);
    const bare = await createApiToken(server, owner, {
      signing_channel_id: await createChannel(server, owner, 'bare'),
    });
    const before = await balance();
    for (const { token } of [plain, bare]) {
      const refused = await sign(token, { text: TEXT });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details.c2pa_certificate).toMatch(/C2PA certificate/);
      const viaMcp = await mcpSign(token, { text: TEXT });
      expect(viaMcp.isError).toBe(true);
    }
    expect(await balance()).toBe(before);
  });

  it("no answer ever holds a channel's private key", async () => {
    const keys = await server.fixture.store.c2paCertificates.sealedKeys();
    expect(keys.length).toBeGreaterThan(0);
    const all = answers.join('\n');
    expect(all).not.toMatch(/PRIVATE KEY/);
  });
});
