import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  createApiToken,
  createChannel,
  makeServer,
  signUp,
  withServer,
  type SignedInUser,
  type TestServer,
} from '../server/harness.js';
import { ACCOUNT_OPERATION_NAMES } from '../../src/domain/operation-rules.js';
import { TOOL_NAMES, call, connectHttp, errorText } from './mcp-client.js';

// MCP on `wm serve` (/mcp), driven by the SDK's own client over real HTTP: the same tools as `wm mcp`, each call
// checked and charged exactly like its REST endpoint, and structuredContent equal to the REST response.

const CARRIER = 'The quick brown fox jumps over the lazy dog, and then it naps in the warm afternoon sun.';
const LONG = CARRIER.repeat(4);

let server: TestServer;
let base: string;
let user: SignedInUser;
let token: string;
let client: Client;

async function listen(target: TestServer): Promise<string> {
  return target.app.listen({ port: 0, host: '127.0.0.1' });
}

async function rest(operation: string, body: object, apiToken = token) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/watermark/${operation}`,
    payload: body,
    headers: bearer(apiToken),
  });
  return { status: response.statusCode, body: response.json() };
}

/** One JSON-RPC batch of tool calls to /mcp (ids from 1); the answers sorted by id, as `isError` of each. */
async function refusedInBatch(calls: { name: string; arguments: object }[]): Promise<boolean[]> {
  const response = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(
      calls.map((params, index) => ({ jsonrpc: '2.0', id: index + 1, method: 'tools/call', params })),
    ),
  });
  const answers = (await response.json()) as { id: number; result: { isError?: boolean } }[];
  return answers.sort((a, b) => a.id - b.id).map((answer) => answer.result.isError === true);
}

async function balance(account: SignedInUser, target = server): Promise<number> {
  const response = await target.app.inject({
    method: 'GET',
    url: '/api/v2/credits/balance',
    headers: bearer(account.accessToken),
  });
  return response.json().balance;
}

beforeAll(async () => {
  server = await makeServer();
  base = await listen(server);
  user = await signUp(server, { plan: 'starter' });
  token = (await createApiToken(server, user)).token;
  client = await connectHttp(base, token);
});
afterAll(async () => {
  await client?.close();
  await server.close();
});

describe('/mcp on wm serve', () => {
  it('lists the eight tools, four aliases and the copies tools, with descriptions, schemas, annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([...TOOL_NAMES, ...ACCOUNT_OPERATION_NAMES]);
    // the instructions name every tool of the table, the copies tools too
    const instructions = client.getInstructions() ?? '';
    for (const tool of tools) expect(instructions, tool.name).toContain(tool.name);
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName.encode.inputSchema.properties!)).toEqual([
      'text',
      'secret',
      'method',
      'chunkSize',
      'firstLetterOnly',
      'mark_word_ends',
      'markWordEnds',
      'line_ends_only',
      'lineEndsOnly',
      'whole_words',
      'skip_lines',
      'skipLines',
      'output',
      'pattern',
      'bind_text',
    ]);
    expect(Object.keys(byName.robust_encode.inputSchema.properties!)).toEqual([
      'visible_text',
      'hidden_text',
      'distribution',
      'stealth_level',
      'mark_word_ends',
      'line_ends_only',
    ]);
    expect(byName.encode.description).toContain('encode permission');
    // every tool of wm serve is metered (strip and reveal like analyze): it changes the account
    for (const name of ['decode', 'strip', 'reveal']) {
      expect(byName[name].annotations).toMatchObject({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
      });
    }
    expect(byName.reveal.description).toContain('like analyze, it uses credits');
  });

  it('answers every tool with the REST response of the same operation, charged like REST', async () => {
    const before = await balance(user);
    const encoded = await call(client, 'encode', { text: CARRIER, secret: 'ID-42', method: 'chunked', chunkSize: 2 });
    expect(encoded.isError).toBeFalsy();
    const viaRest = await rest('encode', { text: CARRIER, secret: 'ID-42', method: 'chunked', chunkSize: 2 });
    expect(encoded.structuredContent).toEqual(viaRest.body);
    expect(JSON.parse((encoded.content[0] as { text: string }).text)).toEqual(viaRest.body);
    const marked = viaRest.body.encoded as string;

    expect((await call(client, 'decode', { text: marked })).structuredContent).toEqual(
      (await rest('decode', { text: marked })).body,
    );
    expect((await call(client, 'analyze', { encoded: marked, original: CARRIER })).structuredContent).toEqual(
      (await rest('analyze', { encoded: marked, original: CARRIER })).body,
    );
    const robust = await call(client, 'encode_robust', {
      text: LONG,
      secret: 'r-1',
      distribution: 'clustered',
      stealth_level: 'high',
    });
    expect(robust.structuredContent).toEqual(
      (await rest('encode-robust', { text: LONG, secret: 'r-1', distribution: 'clustered', stealth_level: 'high' }))
        .body,
    );
    const watermarked = (robust.structuredContent as { watermarked: string }).watermarked;
    expect((await call(client, 'decode_robust', { text: watermarked })).structuredContent).toEqual(
      (await rest('decode-robust', { text: watermarked })).body,
    );
    // five charged calls over MCP and five over REST, and strip and reveal, metered like analyze
    expect((await call(client, 'strip', { text: marked })).structuredContent).toEqual({ text: CARRIER });
    const revealed = (await call(client, 'reveal', { text: marked })).structuredContent as {
      text: string;
      segments: unknown[];
    };
    expect(revealed.text).toContain('⟨VS·');
    expect(await balance(user)).toBe(before - 12);
  });

  it('the hosted service’s tool and argument names work too', async () => {
    const encoded = await call(client, 'fast_encode', { text: CARRIER, secret: 'alias' });
    const marked = (encoded.structuredContent as { encoded: string }).encoded;
    expect((await call(client, 'fast_decode', { text: marked })).structuredContent).toMatchObject({ decoded: 'alias' });
    const robust = await call(client, 'robust_encode', {
      visible_text: LONG,
      hidden_text: 'alias-r',
      stealth_level: 'maximum',
    });
    const watermarked = (robust.structuredContent as { watermarked: string }).watermarked;
    expect((await call(client, 'robust_decode', { text: watermarked })).structuredContent).toMatchObject({
      decoded: 'alias-r',
      is_encoded: true,
    });
  });

  it('a token bound to a channel encrypts; another token cannot read it', async () => {
    const keyed = (
      await createApiToken(server, user, { signing_channel_id: await createChannel(server, user, 'press') })
    ).token;
    const keyedClient = await connectHttp(base, keyed, 'Token');
    try {
      const encoded = await call(keyedClient, 'encode', { text: CARRIER, secret: 'sealed' });
      expect(encoded.structuredContent).toMatchObject({ keyed: true });
      const marked = (encoded.structuredContent as { encoded: string }).encoded;
      expect((await call(keyedClient, 'decode', { text: marked })).structuredContent).toMatchObject({
        decoded: 'sealed',
        keyed: true,
      });
      expect(errorText(await call(client, 'decode', { text: marked }))).toMatch(/key|channel/i);
    } finally {
      await keyedClient.close();
    }
  });

  it('the copies tools (issue, preview, trace, list): the account’s copies, as over REST, with any token', async () => {
    const keyed = (
      await createApiToken(server, user, { signing_channel_id: await createChannel(server, user, 'copies') })
    ).token;
    const keyedClient = await connectHttp(base, keyed);
    try {
      const memo = CARRIER.repeat(12);
      const issued = await call(keyedClient, 'issue_copies', { text: memo, recipients: ['alice', 'bob'], name: 'm' });
      const copies = (issued.structuredContent as { copies: { recipient: string; text: string }[] }).copies;
      expect(copies.map((copy) => copy.recipient)).toEqual(['alice', 'bob']);
      const traced = await call(keyedClient, 'trace', { text: copies[1].text });
      expect(traced.structuredContent).toMatchObject({ verdict: 'recipient', recipients: [{ recipient: 'bob' }] });
      const listed = await call(keyedClient, 'list_copies', {});
      expect(listed.structuredContent).toMatchObject({ documents: [{ name: 'm', copies: 2 }] });
      // visible variants: the preview (free, recording nothing) as REST answers it, and the refusal
      const before = await balance(user);
      const variants = { text: memo, recipients: ['alice', 'bob'], variants: { classes: ['serial-comma'] } };
      const preview = await call(keyedClient, 'preview_copies', variants);
      const viaRest = await server.app.inject({
        method: 'POST',
        url: '/api/v2/copies/preview',
        payload: variants,
        headers: bearer(keyed),
      });
      expect(preview.structuredContent).toMatchObject({
        document: viaRest.json().document,
        variants: viaRest.json().variants,
        sites: viaRest.json().sites,
      });
      expect(preview.structuredContent).toMatchObject({ variants: { enough: false, classes: ['serial-comma'] } });
      expect(errorText(await call(keyedClient, 'issue_copies', variants))).toMatch(
        /This text has \d+ variant sites .* needs about \d+/,
      );
      expect(await balance(user)).toBe(before);
      expect((await call(keyedClient, 'list_copies', {})).structuredContent).toMatchObject({ documents: [{}] });
      // copies are sealed with the account's copy-mark key: a token without a channel issues and traces them too
      const plain = await call(client, 'issue_copies', { text: memo, recipients: ['c'] });
      const carol = (plain.structuredContent as { copies: { text: string }[] }).copies[0].text;
      expect((await call(keyedClient, 'trace', { text: carol })).structuredContent).toMatchObject({
        recipients: [{ recipient: 'c' }],
      });
    } finally {
      await keyedClient.close();
    }
  });

  it('says a record that is not the caller’s as REST does, not as if the server were none', async () => {
    expect(errorText(await call(client, 'list_copies', { document_id: 'AAAAAAAAAAAAAAAAAAAAAA' }))).toBe(
      'You have no document with this id',
    );
  });

  it('a token that signs signs through MCP too, bind_text included; decode names the signer', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v2/channels',
      headers: bearer(user.accessToken),
      payload: { channel_name: 'signed', signing: true },
    });
    const channel = created.json().channel;
    const signing = (await createApiToken(server, user, { signing_channel_id: channel.id, sign: true })).token;
    const signingClient = await connectHttp(base, signing);
    try {
      const encoded = await call(signingClient, 'encode', { text: CARRIER, secret: 'signed', bind_text: true });
      expect(encoded.structuredContent).toMatchObject({
        keyed: true,
        signature: { key_id: channel.signing_keys[0].key_id, text_bound: true },
      });
      const marked = (encoded.structuredContent as { encoded: string }).encoded;
      expect((await call(signingClient, 'decode', { text: marked })).structuredContent).toMatchObject({
        decoded: 'signed',
        signature: { status: 'valid', signer: 'signed', text_matches: true },
      });
      expect(errorText(await call(client, 'encode', { text: CARRIER, secret: 's', bind_text: true }))).toMatch(
        /bind_text/,
      );
    } finally {
      await signingClient.close();
    }
  });

  it('tool failures are isError results with the message a person needs, and cost nothing', async () => {
    const before = await balance(user);
    expect(errorText(await call(client, 'decode', { text: 'no marks here' }))).toBe('No watermark found in text');
    expect(errorText(await call(client, 'encode', { text: 'ab', secret: 'a long secret', method: 'single' }))).toMatch(
      /^Text too short to embed watermark: .* \(required length: \d+\)$/,
    );
    // a schema's issue is worded as the REST endpoint words it in its details
    for (const [args, field] of [
      [{ text: CARRIER }, 'secret'],
      [{ text: CARRIER, secret: 's', method: 'nope' }, 'method'],
      [{ text: CARRIER, secret: 's', chunkSize: 0 }, 'chunkSize'],
    ] as const) {
      const answer = await rest('encode', args);
      expect(answer.status).toBe(400);
      expect(errorText(await call(client, 'encode', args))).toBe(
        `invalid arguments for encode: ${field} ${answer.body.details[field]}`,
      );
    }
    expect(errorText(await call(client, 'encode', { text: CARRIER, secret: 's', method: 'nope' }))).toBe(
      'invalid arguments for encode: method must be one of: auto, single, chunked, char, pattern',
    );
    const nothing = await call(client, 'decode_robust', { text: 'no marks here' });
    expect(nothing.isError).toBe(true);
    expect(nothing.structuredContent).toMatchObject({ is_encoded: false });
    expect(await balance(user)).toBe(before);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
    // an unknown argument is ignored, as an unknown REST body field is: one policy for every face (docs/MCP.md)
    const extra = await call(client, 'decode', { text: 'no marks here', colour: 'red' });
    expect(errorText(extra)).toBe('No watermark found in text');
  });

  it('strip and reveal need a verified account; reveal shows 2,000 hidden, 262,144 characters, free', async () => {
    const unverified = await signUp(server, { verified: false });
    const theirs = await connectHttp(base, (await createApiToken(server, unverified)).token);
    try {
      for (const tool of ['strip', 'reveal']) {
        expect(errorText(await call(theirs, tool, { text: 'plain' }))).toMatch(/verif/i);
      }
    } finally {
      await theirs.close();
    }
    const before = await balance(user);
    const most = 'a\u200b'.repeat(2_000);
    const shown = (await call(client, 'reveal', { text: most })).structuredContent as { segments: unknown[] };
    expect(shown.segments).toHaveLength(4_000);
    const refused = await call(client, 'reveal', { text: 'a\u200b'.repeat(2_001) });
    expect(errorText(refused)).toMatch(/more than 2000 hidden characters/);
    // 980 KB of zero-width characters used to answer 17 MB, and a megabyte of prose held the event loop while its
    // answer was serialised: refused at once, and free
    const flood = await call(client, 'reveal', { text: 'a\u200b'.repeat(245_000) });
    expect(errorText(flood)).toMatch(/490000 characters; the server reveals at most 262144 per request.*wm reveal/);
    expect(await balance(user)).toBe(before - 1);
  });

  it('a batch of reveal calls shares one bound: its answer cannot grow with the number of calls', async () => {
    const reveal = { name: 'reveal', arguments: { text: 'a\u200b'.repeat(1_200) } };
    const refused = await refusedInBatch([reveal, reveal, reveal]);
    expect(refused).toEqual([false, true, true]);
    const prose = { name: 'reveal', arguments: { text: 'plain prose '.repeat(10_000) } };
    expect(await refusedInBatch([prose, prose, prose])).toEqual([false, false, true]);
  });

  it('reads the token once per request, however many tool calls it holds; charges each success once', async () => {
    const { apiTokens, users } = server.fixture.store;
    const before = await balance(user);
    const reads = [
      vi.spyOn(apiTokens, 'callerByHash'),
      vi.spyOn(apiTokens, 'byHash'),
      vi.spyOn(apiTokens, 'byId'),
      vi.spyOn(users, 'byId'),
    ];
    try {
      const refused = await refusedInBatch([
        { name: 'analyze', arguments: { encoded: CARRIER } },
        { name: 'decode', arguments: { text: 'no marks here' } },
        { name: 'analyze', arguments: { encoded: LONG } },
      ]);
      expect(refused).toEqual([false, true, false]);
      const [callerReads, ...otherReads] = reads.map((read) => read.mock.calls.length);
      expect(callerReads).toBe(1);
      expect(otherReads).toEqual([0, 0, 0]);
    } finally {
      for (const read of reads) read.mockRestore();
    }
    // two successes charged, the failed decode not
    expect(await balance(user)).toBe(before - 2);
  });

  it('a token without the permission gets isError, as REST gets 403', async () => {
    const decodeOnly = (await createApiToken(server, user, { permissions: ['decode'] })).token;
    const limited = await connectHttp(base, decodeOnly);
    try {
      expect(errorText(await call(limited, 'encode', { text: CARRIER, secret: 's' }))).toMatch(
        /^not allowed: .*encode permission/,
      );
      expect((await call(limited, 'decode', { text: 'plain' })).isError).toBe(true);
      // strip and reveal take either permission, as analyze
      expect((await call(limited, 'strip', { text: 'plain' })).structuredContent).toEqual({ text: 'plain' });
    } finally {
      await limited.close();
    }
  });

  it('refuses a missing or revoked token with 401 before any MCP message, and GET with 405', async () => {
    const revoked = await createApiToken(server, user);
    await server.app.inject({
      method: 'DELETE',
      url: `/api/v2/tokens/${revoked.id}`,
      headers: bearer(user.accessToken),
    });
    await expect(connectHttp(base, revoked.token)).rejects.toThrow();
    const noToken = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(noToken.status).toBe(401);
    expect(((await noToken.json()) as { error: string }).error).toBe('Unauthorized');
    const get = await fetch(`${base}/mcp`, { headers: bearer(token) });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('refuses a page of another site, even one whose name points here (DNS rebinding)', async () => {
    const initialize = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          ...bearer(token),
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        payload: {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        },
      });
    const rebound = await initialize({ host: 'evil.example.com', origin: 'http://evil.example.com' });
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json().message).toContain('Request from a web page refused');
    expect((await initialize({ host: '127.0.0.1:8080', origin: 'http://evil.example.com' })).statusCode).toBe(403);
    expect((await initialize({ host: 'localhost:8080', origin: 'http://localhost:8080' })).statusCode).toBe(200);
    // MCP clients send no Origin at all
    expect((await initialize({ host: 'wm.example.org' })).statusCode).toBe(200);
  });

  it('out of credits and out of quota through the server, with the balance and the retry time', async () => {
    await withServer(
      { domain: { freeCredits: 1, monthlyRequestsByPlan: { free: 2, starter: 10_000, pro: 100_000 } } },
      async (small) => {
        const url = await listen(small);
        const poor = await signUp(small);
        const poorClient = await connectHttp(url, (await createApiToken(small, poor)).token);
        try {
          expect((await call(poorClient, 'analyze', { encoded: CARRIER })).isError).toBeFalsy();
          const broke = errorText(await call(poorClient, 'analyze', { encoded: CARRIER }));
          expect(broke).toMatch(/^out of credits: .*balance is 0.*checkout/);
          await small.fixture.domain.admin.grantCredits(poor.email, 10);
          expect((await call(poorClient, 'analyze', { encoded: CARRIER })).isError).toBeFalsy();
          expect(errorText(await call(poorClient, 'analyze', { encoded: CARRIER }))).toMatch(
            /retry after \d+ s, resets at 20/,
          );
        } finally {
          await poorClient.close();
        }
      },
    );
  });
});
