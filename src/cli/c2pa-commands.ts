import type { Command } from 'commander';
import { registerRowCommands } from './row-commands.js';

// `wm c2pa`: Content Credentials for text; `wm c2pa sign` is made from its row (./row-commands.ts). The
// implementations (src/cli/c2pa/) and the C2PA package with its CBOR and X.509 libraries sit in a bundle of their
// own (scripts/build-cli.mjs), loaded only when such a command runs.

export function registerC2pa(program: Command): void {
  const c2pa = program
    .command('c2pa')
    .summary('Content Credentials (C2PA) for text: make a signing certificate, sign a text')
    .description(
      'Sign a text with a C2PA manifest, which Content Credentials tools read; `wm verify` checks it. ' +
        'docs/C2PA.md says what is written and what a self-signed certificate means.',
    );
  c2pa
    .command('keygen')
    .summary('make a signing key and certificate (under a root of its own)')
    .description(
      'Make a signing key (NAME.key, PEM, mode 0600), its certificate chain (NAME.crt: the signing certificate, ' +
        'then the root that issued it) and that root alone (NAME.root.crt), the trust anchor readers add to ' +
        'trust this signer. The root is self-signed and its key is not kept: without it in their trust list, ' +
        'readers report the signature valid but its signer unknown.',
    )
    .requiredOption('-o, --out <file>', 'the signing key file, NAME.key (NAME.crt and NAME.root.crt follow)')
    .option('--name <name>', "the signer's name in the certificates (default: NAME)")
    .option('--alg <algorithm>', 'es256 (ECDSA P-256) or ed25519', 'es256')
    .option('--days <n>', 'how long the certificates are valid', '365')
    .option('--force', 'replace existing files')
    .action(async (options) => (await import('./c2pa/keygen.js')).runC2paKeygen(options));
  registerRowCommands(c2pa, ['c2pa']);
}
