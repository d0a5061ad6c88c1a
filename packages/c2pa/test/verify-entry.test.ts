import { afterEach, describe, expect, test, vi } from 'vitest';
import { signText } from 'wm-watermark-c2pa';
import { verifyText } from 'wm-watermark-c2pa/verify';
import { credentialsFor, GENERATOR } from './credentials.js';

const TEXT = 'The minutes of the meeting, as approved.\n';

afterEach(() => vi.restoreAllMocks());

describe('the verification entry (wm-watermark-c2pa/verify), which the checker page runs', () => {
  test('verifies what the package signs, and says who signed', async () => {
    const { credentials } = await credentialsFor('es256');
    const signed = signText(TEXT, { credentials, generator: GENERATOR, actions: ['c2pa.published'] });
    expect(signed).toMatchObject({ signer: { name: 'Test Press es256' }, algorithm: 'es256' });
    const result = await verifyText(signed.text);
    expect(result).toMatchObject({ state: 'valid', signer: { name: 'Test Press es256' } });
  });

  test.each(['es256', 'ed25519'] as const)(
    'a runtime whose WebCrypto lacks %s says algorithm.unsupported: no verdict on the signature, never valid',
    async (algorithm) => {
      const { credentials, anchors } = await credentialsFor(algorithm);
      const signed = signText(TEXT, { credentials, generator: GENERATOR });
      const importKey = crypto.subtle.importKey.bind(crypto.subtle);
      // every public key refused, as a browser without the algorithm does (the certificates' checks too)
      vi.spyOn(crypto.subtle, 'importKey').mockImplementation(async (...args: Parameters<typeof importKey>) => {
        if (args[0] === 'spki') throw new DOMException('not in this runtime', 'NotSupportedError');
        return importKey(...args);
      });
      const result = (await verifyText(signed.text, { trustAnchors: anchors }))!;
      expect(result.state).toBe('invalid');
      const codes = result.failure.map(({ code }) => code);
      expect(codes).toContain('algorithm.unsupported');
      expect(codes).not.toContain('claimSignature.mismatch');
      expect(result.success.map(({ code }) => code)).not.toContain('claimSignature.validated');
    },
  );
});
