import { describe, expect, it, test } from 'vitest';
import { CodecError } from 'wm-watermark-codec/errors';
import {
  FRAME_MAGIC,
  STUFFED_MAGIC,
  buildFrame,
  findFrames,
  openFrame,
  parseFrameAt,
  parseStuffedFrameAt,
  stuffFrame,
} from '../src/frame.js';
import { NONCE_BYTES, newNonce } from '../src/seal.js';
import { crc32 } from 'wm-watermark-codec/crc32';

const utf8 = (s: string) => new TextEncoder().encode(s);
const key = (fill: number) => new Uint8Array(32).fill(fill);

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(utf8('123456789'))).toBe(0xcbf43926);
  });
});

describe('frame', () => {
  it('starts with a byte that never begins valid UTF-8', () => {
    const frame = buildFrame(utf8('hi'));
    expect(frame[0]).toBe(FRAME_MAGIC);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(frame.subarray(0, 1))).toThrow();
  });

  it('round-trips unkeyed and keyed secrets', () => {
    const plain = parseFrameAt(buildFrame(utf8('secret')), 0)!;
    expect(plain.keyed).toBe(false);
    expect(new TextDecoder().decode(openFrame(plain))).toBe('secret');
    const sealed = parseFrameAt(buildFrame(utf8('secret'), key(1)), 0)!;
    expect(sealed.keyed).toBe(true);
    expect(new TextDecoder().decode(openFrame(sealed, key(1)))).toBe('secret');
  });

  it('tells missing key, wrong key and corruption apart', () => {
    const bytes = buildFrame(utf8('secret'), key(1));
    const frame = parseFrameAt(bytes, 0)!;
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as CodecError).code;
      }
      return 'none';
    };
    expect(codeOf(() => openFrame(frame))).toBe('KEY_REQUIRED');
    expect(codeOf(() => openFrame(frame, key(2)))).toBe('KEY_MISMATCH');
    // a frame whose CRC was recomputed over a tampered body still fails authentication
    const tampered = bytes.slice();
    tampered[bytes.length - 6] ^= 1;
    const view = new DataView(tampered.buffer);
    view.setUint32(tampered.length - 4, crc32(tampered, 0, tampered.length - 4));
    expect(codeOf(() => openFrame(parseFrameAt(tampered, 0)!, key(1)))).toBe('CORRUPTED');
  });

  it('rejects every single-byte change through the CRC', () => {
    const bytes = buildFrame(utf8('watermark'));
    for (let i = 0; i < bytes.length; i++) {
      const changed = bytes.slice();
      changed[i] ^= 0x10;
      expect(parseFrameAt(changed, 0)).toBeNull();
    }
  });

  it('finds several frames in one stream and flags damage', () => {
    const a = buildFrame(utf8('first'));
    const b = buildFrame(utf8('second'), key(3));
    const joined = new Uint8Array([...a, 1, 2, ...b]);
    const { frames, damaged } = findFrames(joined);
    expect(frames.map((f) => f.keyed)).toEqual([false, true]);
    expect(damaged).toBe(false);
    const broken = joined.slice();
    broken[3] ^= 1;
    const result = findFrames(broken);
    expect(result.frames).toHaveLength(1);
    expect(result.damaged).toBe(true);
  });
});

describe('frame v2 (stuffed: no byte below 0x10)', () => {
  const key = new Uint8Array(32).map((_, i) => i);
  const samples = [
    buildFrame(new TextEncoder().encode('ID-42')),
    buildFrame(new Uint8Array([0, 1, 2, 15, 16, 0xff, 0xfe, 0xf7, 0xf8])),
    buildFrame(new TextEncoder().encode('keyed secret'), key),
  ];

  test.each(samples.map((frame, i) => [i, frame] as const))(
    'sample %i: no byte below 0x10, and it reads back as the v1 frame',
    (_, frame) => {
      const stuffed = stuffFrame(frame);
      expect(stuffed[0]).toBe(STUFFED_MAGIC);
      expect([...stuffed].every((byte) => byte >= 0x10)).toBe(true);
      const parsed = parseStuffedFrameAt(stuffed, 0)!;
      expect(parsed.end).toBe(stuffed.length);
      expect(Buffer.from(parsed.header).toString('hex')).toBe(
        Buffer.from(parseFrameAt(frame, 0)!.header).toString('hex'),
      );
      expect(Buffer.from(openFrame(parsed, key)).toString('hex')).toBe(
        Buffer.from(openFrame(parseFrameAt(frame, 0)!, key)).toString('hex'),
      );
    },
  );

  test('findFrames finds v1 and v2 frames side by side; a damaged v2 frame is no frame', () => {
    const [a, b] = samples;
    const joined = Uint8Array.from([...stuffFrame(a), ...b, ...stuffFrame(b)]);
    const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
    expect(findFrames(joined).frames.map((frame) => hex(frame.body))).toEqual([
      '49442d3432',
      '0001020f10fffef7f8',
      '0001020f10fffef7f8',
    ]);
    const damaged = stuffFrame(a);
    damaged[5] ^= 1;
    expect(findFrames(damaged)).toEqual({ frames: [], starts: [], damaged: true });
    expect(parseStuffedFrameAt(Uint8Array.from([STUFFED_MAGIC, 0xff, 0x10, 0x05]), 0)).toBeNull();
    expect(parseStuffedFrameAt(Uint8Array.from([STUFFED_MAGIC, 0x00, 0x10]), 0)).toBeNull();
  });
});

describe('nonces', () => {
  it('are fresh on every call, past a draw of the pool, and each its own bytes', () => {
    const drawn = Array.from({ length: 1000 }, () => newNonce());
    expect(drawn.every((nonce) => nonce.length === NONCE_BYTES)).toBe(true);
    expect(new Set(drawn.map((nonce) => Buffer.from(nonce).toString('hex'))).size).toBe(drawn.length);
    const before = Buffer.from(drawn[1]).toString('hex');
    drawn[0].fill(0);
    drawn[2].fill(0);
    expect(Buffer.from(drawn[1]).toString('hex')).toBe(before);
  });
});
