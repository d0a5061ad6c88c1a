#!/usr/bin/env node
// Runs the MCP project's conformance suite (@modelcontextprotocol/conformance, server mode) against `/mcp` of a
// real `wm serve` (`npm run test:mcp-conformance`, after `npm run build`; CI runs it on Node 22, which the suite
// needs). The suite connects to a URL and cannot send the Authorization header that /mcp requires, so a small proxy
// on loopback adds an API token to every request. Most of its server scenarios call the tools, resources and
// prompts of the protocol's reference "everything" server; wm offers tools only, so those scenarios are listed in
// scripts/mcp-conformance-baseline.yml as expected failures, and the suite itself fails the run if one of them
// starts passing (a stale entry) or any other scenario fails.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CONFORMANCE = '@modelcontextprotocol/conformance@0.1.16';
const root = fileURLToPath(new URL('..', import.meta.url));
const wm = join(root, 'bin', 'wm.js');
const home = mkdtempSync(join(tmpdir(), 'wm-conformance-'));
const env = { ...process.env, WM_HOME: home, WM_SCRYPT_LN: '10', WM_SERVER: '', WM_TOKEN: '' };

function run(command, args, options = {}) {
  const child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'inherit'], ...options });
  let stdout = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stdin?.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    child.on('close', (status) =>
      status === 0 ? resolve(stdout) : reject(new Error(`${command} ${args.join(' ')} exited ${status}`)),
    );
  });
}

let server;
let proxy;
try {
  await run(
    process.execPath,
    [wm, 'users', 'create', '--email', 'mcp@example.com', '--username', 'mcp'].concat([
      '--password-stdin',
      '--verified',
    ]),
    { input: 'Correct horse 42\n' },
  );
  const created = await run(
    process.execPath,
    [wm, 'tokens', 'create', '--user', 'mcp@example.com', '--name', 'mcp'].concat(['--permissions', 'encode,decode']),
  );
  const token = /wm_[A-Za-z0-9_]+/.exec(created)[0];

  server = spawn(process.execPath, [wm, 'serve', '--port', '0', '--log-level', 'warn'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const target = await new Promise((resolve, reject) => {
    let output = '';
    server.on('exit', (code) => reject(new Error(`wm serve exited with ${code}:\n${output}`)));
    server.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on http:\/\/127\.0\.0\.1:([1-9]\d*)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
  });

  // the token goes on every request the suite sends
  proxy = createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      {
        host: '127.0.0.1',
        port: target,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: `127.0.0.1:${target}`, authorization: `Bearer ${token}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));

  const url = `http://127.0.0.1:${proxy.address().port}/mcp`;
  console.log(`mcp-conformance: ${CONFORMANCE} against ${url} (wm serve on port ${target}, Node ${process.version})`);
  const baseline = join(root, 'scripts', 'mcp-conformance-baseline.yml');
  const only = process.argv[2] ? ['--scenario', process.argv[2], '--verbose'] : [];
  await run('npx', ['-y', CONFORMANCE, 'server', '--url', url, '--expected-failures', baseline, ...only], {
    cwd: home,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
} finally {
  server?.kill();
  proxy?.close();
  rmSync(home, { recursive: true, force: true });
}
