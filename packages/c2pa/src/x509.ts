// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata API: this module is the
// one place that loads it, before the library.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

// the runtime's WebCrypto (Node.js's global, or a browser's) is the Crypto the library takes; the DOM library and
// Node's types spell that type apart
x509.cryptoProvider.set(globalThis.crypto as never);

/**
 * A DER certificate parsed, from a copy of its bytes: the DOM library's BufferSource (in a program that includes the
 * browser's types, such as the dashboard's, which sees the domain's types) takes an ArrayBuffer's bytes only.
 */
export const certificateOf = (der: Uint8Array): x509.X509Certificate => new x509.X509Certificate(new Uint8Array(der));

export { x509 };
