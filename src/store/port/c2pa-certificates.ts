/** A channel's C2PA signing credentials: its certificate chain and its private key, sealed. Times: Unix ms. */
export interface C2paCertificateRow {
  channelId: string;
  /** the signer's certificate first, then its issuers (PEM); public */
  chainPem: string;
  /** the PKCS #8 DER private key sealed under the master-derived wrapping key (nonce | ciphertext | tag) */
  sealedKey: Uint8Array;
  /** made here (a root of its own issued it) or imported with its chain */
  origin: 'made' | 'imported';
  createdAt: number;
}

export interface C2paCertificateRepository {
  of(channelId: string): Promise<C2paCertificateRow | undefined>;
  /** the channels of these ids that hold a certificate (unknown ids are left out) */
  channelsWith(channelIds: readonly string[]): Promise<Omit<C2paCertificateRow, 'sealedKey'>[]>;
  /** Gives the channel its certificate, replacing the one it held. */
  put(row: C2paCertificateRow): Promise<void>;
  /** every sealed key (master-key rotation) */
  sealedKeys(): Promise<Pick<C2paCertificateRow, 'channelId' | 'sealedKey'>[]>;
  replaceSealedKey(channelId: string, sealedKey: Uint8Array): Promise<void>;
}
