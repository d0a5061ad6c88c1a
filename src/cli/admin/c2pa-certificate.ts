import type { C2paCertificateInfo } from '../../domain/index.js';
import { readPemFile } from '../c2pa/pem-files.js';
import { CliError, EXIT } from '../errors.js';
import { requireValue } from './ask.js';
import { print, withDomain, type AdminOptions } from './output.js';

export interface C2paCertificateOptions extends AdminOptions {
  user?: string;
  algorithm?: string;
  signerName?: string;
  days?: string;
  key?: string;
  cert?: string;
  show?: boolean;
}

/**
 * `wm channels c2pa-certificate NAME`: gives the channel a C2PA signing certificate, made (self-signed root, for one
 * box) or imported with --key and --cert; --show prints the one it holds. The private key is never printed.
 */
export async function setC2paCertificate(name: string | undefined, options: C2paCertificateOptions): Promise<void> {
  const email = await requireValue(options.user, '--user', 'Owner (email)');
  const channelName = await requireValue(name, 'the name argument', 'Channel name');
  if ((options.key === undefined) !== (options.cert === undefined))
    throw new CliError(EXIT.USAGE, 'an imported certificate needs --key and --cert');
  const request =
    options.key !== undefined && options.cert !== undefined
      ? {
          import: {
            private_key_pem: await readPemFile(options.key, '--key'),
            chain_pem: await readPemFile(options.cert, '--cert'),
          },
        }
      : { make: makeOptionsOf(options) };
  await withDomain(options, async (domain) => {
    const certificate = options.show
      ? await domain.admin.c2paCertificate(email, channelName)
      : await domain.admin.setC2paCertificate(email, channelName, request);
    const message = options.show ? 'C2PA certificate' : `C2PA certificate ${certificate.origin}`;
    print(options, { message, certificate }, describe(channelName, certificate, options.show === true));
  });
}

function makeOptionsOf(options: C2paCertificateOptions) {
  const algorithm = options.algorithm ?? 'es256';
  if (algorithm !== 'es256' && algorithm !== 'ed25519')
    throw new CliError(EXIT.USAGE, `--algorithm ${algorithm}: give es256 or ed25519`);
  const days = options.days === undefined ? undefined : Number(options.days);
  if (days !== undefined && !Number.isInteger(days))
    throw new CliError(EXIT.USAGE, `--days ${options.days}: give a whole number of days`);
  return {
    algorithm,
    ...(options.signerName === undefined ? {} : { signer_name: options.signerName }),
    ...(days === undefined ? {} : { days }),
  } as const;
}

function describe(channelName: string, certificate: C2paCertificateInfo, shown: boolean): string[] {
  const organization = certificate.organization ? `, ${certificate.organization}` : '';
  const lines = [
    `${shown ? '' : 'Channel '}"${channelName}" signs C2PA manifests as "${certificate.signer}"${organization} ` +
      `(${certificate.algorithm}, ${certificate.origin}), issued by ${certificate.issuer}, ` +
      `valid ${certificate.not_before} to ${certificate.not_after}.`,
  ];
  if (certificate.origin === 'made') {
    lines.push(
      'Readers trust this signer once they add this root certificate to their trust anchors (wm verify --trust ' +
        'FILE); others see "signed, unknown signer":',
      certificate.anchor_pem.trimEnd(),
    );
  }
  return lines;
}
