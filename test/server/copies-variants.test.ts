import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { strip } from 'wm-watermark-codec/strip';
import { generatedProse } from '../../packages/codec/test/variants/generated-prose.js';
import { MEMO } from '../domain/copies/texts.js';
import { bearer, createApiToken, makeServer, signUp, type SignedInUser, type TestServer } from './harness.js';

// Visible variants over REST (docs/SERVER.md): `variants` on POST /api/v2/copies, and the dry run at
// POST /api/v2/copies/preview, free, recording nothing; too few sites answer 400 with the numbers, charging nothing.

let server: TestServer;
let user: SignedInUser;
let token: string;
let tokenId: string;

beforeEach(async () => {
  server = await makeServer();
  user = await signUp(server, { plan: 'starter' });
  ({ token, id: tokenId } = await createApiToken(server, user));
});
afterEach(() => server.close());

// about 40 independent choices: enough to name one of 8 recipients from a whole copy (23 needed)
const REPORT = generatedProse(7, 4000);
const READERS = Array.from({ length: 8 }, (_, i) => `reader-${i}`);

const post = (url: string, payload: object, headers = bearer(token)) =>
  server.app.inject({ method: 'POST', url, payload, headers });
const balance = async () =>
  (await server.app.inject({ url: '/api/v2/credits/balance', headers: bearer(user.accessToken) })).json().balance;
const documents = async () =>
  (await server.app.inject({ url: '/api/v2/copies', headers: bearer(token) })).json().documents;

describe('visible variants over REST', () => {
  it('the preview shows the sites, capacity and differences, free and recording nothing', async () => {
    const before = await balance();
    const preview = await post('/api/v2/copies/preview', { text: REPORT, recipients: READERS, name: 'report' });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.document).toEqual({ name: 'report', characters: [...REPORT].length });
    expect(body.variants).toMatchObject({ enough: true, refusal: null, collusion: 1, false_accusation: 1e-6 });
    expect(body.sites).toHaveLength(body.variants.sites);
    expect(body.copies.map((copy: { recipient: string }) => copy.recipient)).toEqual(READERS);
    // the dashboard's route, with the session as one of the account's tokens
    const session = await post(
      `/api/v2/tokens/${tokenId}/copies/preview`,
      { text: MEMO, recipients: READERS, variants: { collusion: 2 } },
      bearer(user.accessToken),
    );
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().variants).toMatchObject({ enough: false, refusal: expect.stringMatching(/needs about \d+/) });
    expect(await balance()).toBe(before);
    expect(await documents()).toEqual([]);
  });

  it('issues with variants: a copy stripped of every mark names its recipient; too few sites are a 400', async () => {
    const before = await balance();
    const refused = await post('/api/v2/copies', { text: MEMO, recipients: READERS, variants: { collusion: 2 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'Bad Request',
      message: expect.stringMatching(/^This text has \d+ variant sites .* needs about \d+/),
      details: { variants: expect.stringMatching(/independent choices in \d+ sites; about \d+ needed/) },
    });
    expect(await balance()).toBe(before);

    const issued = await post('/api/v2/copies', { text: REPORT, recipients: READERS, variants: {} });
    expect(issued.statusCode, issued.body).toBe(200);
    const body = issued.json();
    expect(body.document.variants).toMatchObject({ collusion: 1, classes: expect.any(Array) });
    expect(await balance()).toBe(before - READERS.length);
    const carol = body.copies[2];
    expect(carol.variants.differences.length).toBeGreaterThan(0);
    const traced = await post('/api/v2/copies/trace', { text: strip(carol.text, { all: true }) });
    expect(traced.json()).toMatchObject({
      verdict: 'recipient',
      recipients: [{ recipient: 'reader-2', named_by: ['variants'] }],
      variants: [{ verdict: 'named', layers: { agreement: 'variants_only' } }],
    });
  });

  it('varies only the classes asked for; an unknown class is a 400 that names the known ones', async () => {
    const classes = ['serial-comma', 'spellings'];
    const preview = await post('/api/v2/copies/preview', { text: REPORT, recipients: READERS, variants: { classes } });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.variants.classes).toEqual(classes);
    expect(body.sites.length).toBeGreaterThan(0);
    expect(new Set(body.sites.map((site: { class: string }) => site.class))).toEqual(new Set(classes));
    const all = (await post('/api/v2/copies/preview', { text: REPORT, recipients: READERS })).json();
    expect(all.sites.length).toBeGreaterThan(body.sites.length);

    const before = await balance();
    const unknown = await post('/api/v2/copies', {
      text: REPORT,
      recipients: READERS,
      variants: { classes: ['spellings', 'nope'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.variants).toMatch(/^unknown class nope \(known: .*serial-comma/);
    expect(await balance()).toBe(before);
    expect(await documents()).toEqual([]);
  });

  it('is in the OpenAPI document, the issue’s body with its variants field', async () => {
    const paths = (await server.app.inject({ url: '/openapi.json' })).json().paths;
    expect(Object.keys(paths['/api/v2/copies/preview'])).toEqual(['post']);
    const schema = paths['/api/v2/copies'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(['text', 'recipients', 'name', 'variants']);
  });
});
