#!/usr/bin/env node
// Checks the packages as a user gets them, from a folder outside this repository (`npm run test:package`; CI runs it
// on every tested Node version). It packs the repository and its codec package (packages/codec), serves both
// tarballs as `wm-watermark` and `wm-watermark-codec` from a registry of its own on loopback (every other package
// comes from the configured npm registry through it, as from a mirror), then runs what the docs tell a user to run,
// as written:
//   - `npm install wm-watermark-codec` alone in an empty folder, and a program that encodes and decodes with it
//     (packages/codec/README.md): no database driver, no server, nothing but the codec and its one dependency;
//   - `npx -y wm-watermark …`: --version, an encode and decode round trip;
//   - every entry of the `mcpServers` block in docs/MCP.md, started as an assistant would start it, answering
//     initialize, tools/list and a tools/call (placeholders: the key file, the server's URL and the token);
//   - `npm install -g wm-watermark`, then `wm serve` answers /healthz and the installed `wm` runs the MCP entry.
//     WM_PACKAGE_CHECK_GLOBAL=0 leaves the global install out and runs those commands through `npx -y wm-watermark`
//     (scripts/test-node-versions.sh installs globally on one Node only: a global install fetches every dependency
//     again, a minute or two; on Node 22 and later as on a machine without a compiler: globalInstall).
// The npm name `wm` belongs to an unrelated package: nothing here may ever run `npx wm`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const NAME = 'wm-watermark';
const work = mkdtempSync(join(tmpdir(), 'wm-package-'));
const elsewhere = join(work, 'elsewhere');
mkdirSync(elsewhere);
const upstream = (process.env.npm_config_registry || 'https://registry.npmjs.org/').replace(/\/?$/, '/');
const nodeMajor = Number(process.versions.node.split('.')[0]);

/** Runs a command to its end (asynchronously: the registry below answers in this same process). */
function run(command, args, options = {}) {
  const { input, ...spawnOptions } = options;
  const child = spawn(command, args, {
    cwd: elsewhere,
    ...spawnOptions,
    env: spawnOptions.env ?? env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(input ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => {
      if (status === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} exited ${status}:\n${stdout}\n${stderr}`));
    });
  });
}

function step(what) {
  console.log(`check-package [${(performance.now() / 1000).toFixed(1)} s]: ${what}`);
}

/**
 * Packs the package in `dir`, as `npm publish` would send it: its name, manifest, tarball and the tarball's name.
 * Tools that install a package from its repository (pre-commit's node hooks) run this same `npm pack` and take its
 * output for the tarball's name, so that output must be the name alone, whatever the build (`prepare`) prints.
 */
async function pack(dir) {
  const printed = await run('npm', ['pack', '--pack-destination', work], { cwd: dir, env: process.env });
  const filename = printed.trim();
  if (!/^[\w.-]+\.tgz$/.test(filename))
    throw new Error(`npm pack in ${dir} printed more than the tarball's name:\n${printed}`);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return { name: manifest.name, manifest, filename, tarball: readFileSync(join(work, filename)) };
}

step(`packing ${root} and its codec package`);
const CODEC_DIR = join(root, 'packages', 'codec');
// one after the other: packing the root builds everything (its prepare, unless the current build is of these files by
// this Node, as after the test suites), the codec's own prepack builds it again
const packages = new Map();
for (const dir of [root, CODEC_DIR]) {
  const local = await pack(dir);
  packages.set(local.name, local);
}
const manifest = packages.get(NAME).manifest;
const CODEC = JSON.parse(readFileSync(join(CODEC_DIR, 'package.json'), 'utf8')).name;

/** The registry's document for one of the packages packed here. */
function packument(local, base) {
  const integrity = `sha512-${createHash('sha512').update(local.tarball).digest('base64')}`;
  const shasum = createHash('sha1').update(local.tarball).digest('hex');
  const tarball = `${base}/${local.name}/-/${local.filename}`;
  const version = { ...local.manifest, dist: { tarball, integrity, shasum } };
  return { name: local.name, 'dist-tags': { latest: version.version }, versions: { [version.version]: version } };
}

// a registry that holds the packages packed here and passes every other request to the real one
const registry = createServer(async (request, response) => {
  try {
    const base = `http://127.0.0.1:${registry.address().port}`;
    const [name, dash, filename] = decodeURIComponent(request.url.slice(1)).split('/');
    const local = packages.get(name);
    if (local && dash === undefined) {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(packument(local, base)));
      return;
    }
    if (local && dash === '-' && filename === local.filename) {
      response.setHeader('content-type', 'application/octet-stream');
      response.end(local.tarball);
      return;
    }
    const answer = await fetch(new URL(request.url.slice(1), upstream), {
      headers: { accept: request.headers.accept ?? '*/*' },
    });
    response.statusCode = answer.status;
    for (const header of ['content-type', 'etag', 'last-modified']) {
      if (answer.headers.get(header)) response.setHeader(header, answer.headers.get(header));
    }
    if (answer.body) Readable.fromWeb(answer.body).pipe(response);
    else response.end();
  } catch (error) {
    response.statusCode = 502;
    response.end(String(error));
  }
});
await new Promise((resolve) => registry.listen(0, '127.0.0.1', resolve));

const env = {
  ...process.env,
  npm_config_registry: `http://127.0.0.1:${registry.address().port}/`,
  npm_config_cache: process.env.WM_PACKAGE_CHECK_CACHE || join(work, 'npm-cache'),
  npm_config_prefix: join(work, 'global'),
  npm_config_update_notifier: 'false',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  // on Node 22 and later the Node 20 database driver is never used (README, "Node versions")
  ...(nodeMajor >= 22 ? { npm_config_omit: 'optional' } : {}),
  WM_HOME: join(work, 'home'),
  WM_SERVER: '',
  WM_TOKEN: '',
};

/**
 * `npm install -g wm-watermark`. npm installs optional dependencies globally whatever `omit` says (npm/cli#8284), so
 * on Node 22 and later it builds the Node-20 driver it will never load when it finds no prebuilt binary (two minutes
 * here, offline). There the install runs as on a machine without a compiler (CC and CXX fail), which must
 * still work: npm leaves the optional driver out, and the installed `wm` runs on better-sqlite3 13's own binaries.
 */
async function globalInstall() {
  if (nodeMajor < 22) return run('npm', ['install', '-g', NAME]);
  await run('npm', ['install', '-g', NAME], { env: { ...env, CC: 'false', CXX: 'false' } });
  const modules = readdirSync(join(env.npm_config_prefix, 'lib', 'node_modules', NAME, 'node_modules'));
  if (modules.includes('better-sqlite3-node20')) throw new Error('the failed optional driver was installed anyway');
}

/** Starts an MCP server over stdio as an assistant does and asks it three questions; returns the tool names. */
async function askMcp(command, args, extraEnv) {
  const child = spawn(command, args, { cwd: elsewhere, env: { ...env, ...extraEnv }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const answers = () =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  const answerTo = async (id) => {
    for (let waited = 0; waited < 600; waited++) {
      const answer = answers().find((message) => message.id === id);
      if (answer) return answer;
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${command} ${args.join(' ')}: no answer to request ${id}\n${stdout}\n${stderr}`);
  };
  const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  try {
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'check-package', version: '1' } },
    });
    const initialized = await answerTo(1);
    if (!initialized.result?.serverInfo) throw new Error(`initialize failed: ${JSON.stringify(initialized)}`);
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/list' });
    const tools = (await answerTo(2)).result.tools.map((tool) => tool.name);
    send({
      id: 3,
      method: 'tools/call',
      params: { name: 'encode', arguments: { text: 'The quick brown fox jumps over the lazy dog.', secret: 'pkg' } },
    });
    const called = await answerTo(3);
    if (called.result?.isError || !called.result?.structuredContent?.encoded) {
      throw new Error(`tools/call encode failed: ${JSON.stringify(called)}\n${stderr}`);
    }
    return tools;
  } finally {
    child.kill();
  }
}

/** The mcpServers block of docs/MCP.md, with its placeholders filled in. */
function documentedMcpEntries(filled) {
  const doc = readFileSync(join(root, 'docs', 'MCP.md'), 'utf8');
  const block = /```json\n(\{\n {2}"mcpServers"[\s\S]*?)```/.exec(doc);
  if (!block) throw new Error('docs/MCP.md has no mcpServers block');
  let text = block[1];
  for (const [placeholder, value] of Object.entries(filled)) text = text.split(placeholder).join(value);
  return Object.entries(JSON.parse(text).mcpServers);
}

/** The example of packages/codec/README.md, run by a program that installed only the codec. */
const CODEC_PROGRAM = `import { encode, decode } from '${CODEC}';
const { encoded } = encode('The quick brown fox jumps over the lazy dog.', 'copy #17');
console.log(decode(encoded).decoded);
`;

/** Installs the codec alone into an empty folder and runs a program that encodes and decodes with it. */
async function checkCodecAlone() {
  const folder = join(work, 'codec-alone');
  mkdirSync(folder);
  writeFileSync(join(folder, 'package.json'), '{ "name": "uses-the-codec", "private": true, "type": "module" }\n');
  await run('npm', ['install', CODEC], { cwd: folder });
  const modules = join(folder, 'node_modules');
  // a scoped package is a folder of its scope's packages: @noble/ed25519, @noble/hashes
  const installed = readdirSync(modules)
    .filter((entry) => !entry.startsWith('.'))
    .flatMap((entry) =>
      entry.startsWith('@') ? readdirSync(join(modules, entry)).map((name) => `${entry}/${name}`) : [entry],
    );
  const expected = [CODEC, ...Object.keys(packages.get(CODEC).manifest.dependencies ?? {})].sort();
  if (JSON.stringify(installed.sort()) !== JSON.stringify(expected)) {
    throw new Error(`npm install ${CODEC} brought ${installed.join(', ')}; expected only ${expected.join(', ')}`);
  }
  writeFileSync(join(folder, 'program.mjs'), CODEC_PROGRAM);
  const printed = (await run(process.execPath, ['program.mjs'], { cwd: folder })).trim();
  if (printed !== 'copy #17') throw new Error(`the codec program printed ${JSON.stringify(printed)}`);
}

let server;
try {
  step(`npm install ${CODEC} alone, then encode and decode with it`);
  await checkCodecAlone();

  step(`npx -y ${NAME} from ${elsewhere} (Node ${process.version})`);
  const version = (await run('npx', ['-y', NAME, '--version'])).trim();
  if (version !== manifest.version) throw new Error(`npx -y ${NAME} --version printed ${version}`);
  const marked = await run('npx', ['-y', NAME, 'encode', '--secret', 'copy #17'], {
    input: 'The quick brown fox jumps over the lazy dog.\n',
  });
  const decoded = (await run('npx', ['-y', NAME, 'decode'], { input: marked })).trim();
  if (decoded !== 'copy #17') throw new Error(`the round trip through npx gave ${JSON.stringify(decoded)}`);

  const installGlobally = process.env.WM_PACKAGE_CHECK_GLOBAL !== '0';
  if (installGlobally) {
    step(`npm install -g ${NAME}${nodeMajor >= 22 ? ', as on a machine that cannot build native modules' : ''}`);
    await globalInstall();
  }
  const installed = join(env.npm_config_prefix, 'bin', 'wm');
  /** The installed `wm`, or the same commands through npx. */
  const [wm, ...wmArgs] = installGlobally ? [installed] : ['npx', '-y', NAME];
  const runWm = (args, options) => run(wm, [...wmArgs, ...args], options);
  step(`${installGlobally ? 'installed' : 'through npx'}; creating an account and a token`);
  await runWm(
    ['users', 'create', '--email', 'ada@example.com', '--username', 'ada', '--password-stdin', '--verified'],
    {
      input: 'Correct horse 42\n',
    },
  );
  const token = /wm_[A-Za-z0-9_]+/.exec(
    await runWm(['tokens', 'create', '--user', 'ada@example.com', '--name', 'mcp', '--permissions', 'encode,decode']),
  )[0];
  step('starting wm serve');
  server = spawn(wm, [...wmArgs, 'serve', '--port', '0'], { cwd: elsewhere, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    // what it printed on both streams, and whether it ended: a server that exits says why, not "did not start"
    const fail = (why) => reject(new Error(`wm serve ${why}:\n${output}\n${errors}`));
    const timer = setTimeout(() => fail('did not start in 60 s'), 60_000);
    server.stderr.on('data', (chunk) => (errors += chunk));
    server.on('exit', (code, signal) => {
      clearTimeout(timer);
      fail(`exited (${signal ?? code}) before it listened`);
    });
    server.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:[1-9]\d*)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  const health = await (await fetch(`${url}/healthz`)).json();
  if (health.version !== manifest.version) throw new Error(`/healthz: ${JSON.stringify(health)}`);

  const keyFile = join(work, 'team.key');
  await runWm(['keygen', '-o', keyFile]);
  const entries = documentedMcpEntries({
    '/home/ada/team.key': keyFile,
    'https://wm.example.com': url,
    'wm_…': token,
  });
  for (const [name, entry] of entries) {
    step(`docs/MCP.md entry "${name}": ${entry.command} ${entry.args.join(' ')}`);
    const tools = await askMcp(entry.command, entry.args, entry.env ?? {});
    if (!tools.includes('decode')) throw new Error(`${name}: tools/list gave ${tools.join(', ')}`);
  }
  if (installGlobally) {
    step('the installed command: wm mcp');
    await askMcp(installed, ['mcp'], {});
  }
  step('all documented commands work from outside the repository');
} finally {
  server?.kill();
  registry.close();
  if (!process.env.WM_PACKAGE_CHECK_KEEP) rmSync(work, { recursive: true, force: true });
}
