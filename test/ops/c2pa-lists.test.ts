import { expect, it } from 'vitest';
import { ACTIONS, SOURCE_TYPES } from 'wm-watermark-c2pa';
import { C2PA_ACTIONS, C2PA_SOURCE_TYPES } from '../../src/ops/schemas.js';

it("c2pa_sign's actions and source types are the C2PA package's", () => {
  expect(C2PA_ACTIONS.map((action) => `c2pa.${action}`)).toEqual(ACTIONS);
  expect(C2PA_SOURCE_TYPES).toEqual(SOURCE_TYPES);
});
