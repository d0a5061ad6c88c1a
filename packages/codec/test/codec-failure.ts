import { CodecError } from 'wm-watermark-codec/errors';

/** The CodecError that `run` throws; fails the test when it throws nothing or something else. */
export function failureOf(run: () => unknown): CodecError {
  try {
    run();
  } catch (error) {
    if (error instanceof CodecError) return error;
    throw error;
  }
  throw new Error('expected a CodecError');
}
