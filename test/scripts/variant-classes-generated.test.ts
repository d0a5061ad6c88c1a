import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { variantClasses } from 'wm-watermark-codec/variants';
import { GENERATED_PATH, renderVariantClasses } from '../../scripts/generate-variant-classes.js';
import { VARIANT_CLASSES } from '../../src/api/variant-classes.generated.js';

// The Copies page's list of variant classes is the codec's table, read once into plain data: one truth.

describe('the variant classes the dashboard offers', () => {
  it('the generated file is what the codec’s table makes now (else: npm run generate:variant-classes)', async () => {
    expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(await renderVariantClasses());
  });

  it('are the codec’s classes, with their defaults, each with an example in both forms', () => {
    const table = variantClasses();
    expect(VARIANT_CLASSES.map((choice) => [choice.id, choice.enabledByDefault])).toEqual(
      table.map((spec) => [spec.id, spec.enabledByDefault]),
    );
    for (const choice of VARIANT_CLASSES) expect(choice.example[0]).not.toBe(choice.example[1]);
  });
});
