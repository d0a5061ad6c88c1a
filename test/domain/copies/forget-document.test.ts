import { readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWm, makeTempDir } from '../../cli/codec-harness.js';
import { bearer, createApiToken, createChannel, makeServer, signUp, type TestServer } from '../../server/harness.js';
import { MEMO } from './texts.js';

// forget_document (docs/TRACING.md, "Forgetting a document"): the worked example of an account operation added in
// one commit (docs/ARCHITECTURE.md, "Add an account operation"). Its row gives REST, OpenAPI, MCP and the CLI; what
// is tested here is what no generic test of the rows gives: what it deletes, what a trace then says, who may.

let server: TestServer;
let token: string;
beforeEach(async () => {
  server = await makeServer();
  const user = await signUp(server, { plan: 'starter' });
  const channel = await createChannel(server, user, 'memos');
  ({ token } = await createApiToken(server, user, { signing_channel_id: channel }));
});
afterEach(() => server.close());

const post = (url: string, payload: object, apiToken = token) =>
  server.app.inject({ method: 'POST', url, payload, headers: bearer(apiToken) });
const mcp = async (name: string, args: object) => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { ...bearer(token), accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  });
  return response.json().result as { isError?: boolean; structuredContent?: Record<string, unknown> };
};
/** Another document, sharing no sentence with the memo: its fingerprint matches no leak of the memo. */
const LETTER = [
  'Dear neighbours, the garden committee thanks everyone who came out on Saturday to clear the paths and plant ' +
    'the new beds along the fence. Forty bulbs went in, and the children painted markers for every row.',
  'The water butt by the shed leaks again, so please use the tap near the gate until the plumber visits next ' +
    'week. Tools go back in the blue box, and the key stays with whoever locks up in the evening.',
  'Our next meeting is on the last Thursday of the month in the library hall. Bring ideas for the summer fair, ' +
    'and let us know if you can lend a table, a gazebo or an afternoon of your time.',
].join('\n\n');

const issue = async (recipients: string[], text = MEMO, name = 'memo.txt') => {
  const issued = await post('/api/v2/copies', { text, recipients, name });
  expect(issued.statusCode, issued.body).toBe(200);
  return issued.json() as { document: { id: string }; copies: { text: string; copy_id: string }[] };
};

describe('forget_document', () => {
  it('over REST: deletes the document and its copies, answers them once; a trace then names no one', async () => {
    const memo = await issue(['alice', 'bob']);
    const kept = await issue(['carol'], LETTER, 'letter.txt');
    const before = await server.app.inject({ url: '/api/v2/credits/balance', headers: bearer(token) });

    const forgotten = await post('/api/v2/copies/forget', { document_id: memo.document.id });
    expect(forgotten.statusCode, forgotten.body).toBe(200);
    expect(forgotten.json().documents).toMatchObject([
      { id: memo.document.id, name: 'memo.txt', copies: 2, recipients: [{ recipient: 'alice' }, { recipient: 'bob' }] },
    ]);
    // free: an erasure never costs
    const after = await server.app.inject({ url: '/api/v2/credits/balance', headers: bearer(token) });
    expect(after.json().balance).toBe(before.json().balance);

    const list = await server.app.inject({ url: '/api/v2/copies', headers: bearer(token) });
    expect(list.json().documents.map((document: { id: string }) => document.id)).toEqual([kept.document.id]);
    const again = await post('/api/v2/copies/forget', { document_id: memo.document.id });
    expect(again.statusCode).toBe(404);

    // its copies' marks still authenticate, but no record names anyone: not a recipient, not the document
    const traced = (await post('/api/v2/copies/trace', { text: memo.copies[1].text })).json();
    expect(traced).toMatchObject({ verdict: 'not_found', recipients: [], documents: [], unconfirmed: [] });
    expect(traced.leak.other_marks).toBeGreaterThan(0);
    expect(traced.message).toMatch(/forgotten document/);
    expect(JSON.stringify(traced)).not.toMatch(/bob|memo\.txt/);
    // the other document is whole: its copy still names its recipient
    expect((await post('/api/v2/copies/trace', { text: kept.copies[0].text })).json()).toMatchObject({
      verdict: 'recipient',
      recipients: [{ recipient: 'carol' }],
    });
  });

  it('is only the owner’s, needs encode, and refuses a malformed id before looking', async () => {
    const memo = await issue(['alice']);
    const stranger = await signUp(server, { plan: 'starter' });
    const theirs = await createApiToken(server, stranger, {});
    expect((await post('/api/v2/copies/forget', { document_id: memo.document.id }, theirs.token)).statusCode).toBe(404);
    const owner = await signUp(server, { plan: 'starter' });
    const reader = await createApiToken(server, owner, { permissions: ['decode'] });
    expect((await post('/api/v2/copies/forget', { document_id: 'x' }, reader.token)).statusCode).toBe(403);
    const malformed = await post('/api/v2/copies/forget', { document_id: 'no such id!' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toHaveProperty('document_id');
    expect((await server.app.inject({ url: '/api/v2/copies', headers: bearer(token) })).json().documents).toHaveLength(
      1,
    );
  });

  it('in OpenAPI and as an MCP tool, which says it is destructive', async () => {
    const openapi = (await server.app.inject({ url: '/openapi.json' })).json();
    expect(openapi.paths['/api/v2/copies/forget'].post.requestBody).toBeDefined();
    const listed = await server.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...bearer(token), accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    const tool = listed.json().result.tools.find((t: { name: string }) => t.name === 'forget_document');
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const memo = await issue(['alice']);
    const result = await mcp('forget_document', { document_id: memo.document.id });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ documents: [{ id: memo.document.id, copies: 1 }] });
    expect((await mcp('forget_document', { document_id: memo.document.id })).isError).toBe(true);
  });
});

describe('wm copies forget (offline)', () => {
  const temp = makeTempDir();
  afterEach(() => temp.remove());
  const env = { WM_SCRYPT_LN: '10', WM_HOME: undefined, WM_MASTER_KEY: undefined, WM_DATABASE_URL: undefined };
  const wm = (args: string[]) => runWm([...args, '--home', temp.path('home')], { env });

  it('forgets a document of the operator account; its copies then trace to no one (exit 1)', async () => {
    writeFileSync(temp.path('memo.txt'), MEMO);
    const issued = await wm([
      'copies',
      'issue',
      temp.path('memo.txt'),
      '--to',
      'alice',
      '-o',
      temp.path('out'),
      '--json',
    ]);
    expect(issued.code, issued.stderr).toBe(0);
    const { document, copies } = JSON.parse(issued.out);

    expect((await wm(['copies', 'forget', 'not an id!'])).code).toBe(2);
    const forgotten = await wm(['copies', 'forget', document.id]);
    expect(forgotten, forgotten.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(forgotten.out).toContain(`id: ${document.id}`);
    expect(forgotten.out).toContain('recipient: alice');
    expect(await wm(['copies', 'forget', document.id])).toMatchObject({
      code: 2,
      stderr: 'wm: You have no document with this id\n',
    });
    expect((await wm(['copies', 'list'])).out).toBe('no copies issued yet\n');
    const traced = await runWm(
      ['trace', temp.path(`out/${copies[0].file.split('/').pop()}`), '--home', temp.path('home')],
      { env },
    );
    expect(traced.code).toBe(1);
    expect(traced.out).toMatch(/no longer on record/);
    expect(readFileSync(temp.path('memo.txt'), 'utf8')).toBe(MEMO);
  });
});
