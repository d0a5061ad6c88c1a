import type { Command } from 'commander';
import { addJsonOption, addRemoteOptions } from './codec/command-flags.js';
import { collect } from './codec/option-parsers.js';
import { OPERATION_COMMANDS } from './codec/options.generated.js';

// `wm c2pa`: Content Credentials for text. The implementations (src/cli/c2pa/) and the C2PA package with its CBOR
// and X.509 libraries sit in a bundle of their own (scripts/build-cli.mjs), loaded only when such a command runs.

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
  const { summary, description } = OPERATION_COMMANDS.c2pa_sign;
  const sign = c2pa
    .command('sign')
    .summary(summary)
    .description(
      `${description}\n\nOffline, signs with --key and --cert; with --server (or --remote), on the server with the ` +
        "certificate of the token's channel. Prints the signed text.",
    )
    .argument('[file]', 'input text file (default: standard input; "-" also means standard input)')
    .option('--key <file>', 'offline: the private key (PEM): NAME.key of `wm c2pa keygen`, or your own')
    .option('--cert <file>', "offline: the certificate chain (PEM), the signer's certificate first: NAME.crt")
    .option(
      '--action <name>',
      'an action after c2pa.created: published, edited, translated, summarized (repeatable offline; one on a server)',
      collect,
    )
    .option(
      '--source-type <type>',
      'how the text was made (IPTC): digitalCreation, humanEdits, trainedAlgorithmicMedia, ' +
        'compositeWithTrainedAlgorithmicMedia, algorithmicallyEnhanced',
      'digitalCreation',
    )
    .option('--title <title>', "the text's title in the manifest")
    .option('-o, --out <file>', 'write the signed text to FILE atomically instead of standard output');
  addRemoteOptions(sign, { withHome: true });
  addJsonOption(sign, 'c2pa_sign').action(async (file: string | undefined, options) =>
    (await import('./c2pa/sign.js')).runC2paSign(file, options),
  );
}
