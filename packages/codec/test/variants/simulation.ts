import { readFileSync } from 'node:fs';
import { generatedProse } from './generated-prose.js';
import { collude, crop, damage, type Damage, type Strategy } from './leaks.js';
import {
  accuseVariants,
  keyedVariants,
  planVariants,
  readVariants,
  variantKey,
  type VariantAccusation,
  type VariantIssue,
  type VariantKey,
  type VariantPlan,
} from 'wm-watermark-codec/variants';

/** A document issued to RECIPIENTS copies, as the simulated leaks start from. */
export interface IssuedDocument {
  readonly name: string;
  readonly plan: VariantPlan;
  readonly key: VariantKey;
  readonly issue: VariantIssue;
  readonly copyIds: readonly string[];
}

export const RECIPIENTS = 100;

export function issueDocument(name: string, text: string, collusion: number, seed: number): IssuedDocument {
  const plan = planVariants(text, { recipients: RECIPIENTS, collusion });
  const key = variantKey(Uint8Array.from({ length: 32 }, (_, i) => (seed * 31 + i * 7) & 0xff));
  const issue = keyedVariants(plan, key);
  const copyIds = Array.from({ length: RECIPIENTS }, (_, i) => `${name}-copy-${i}`);
  return { name, plan, key, issue, copyIds };
}

/** The simulation's documents: generated prose of several lengths and codes, and the five kinds of real prose. */
export function simulationDocuments(): IssuedDocument[] {
  const prose = (kind: string) => readFileSync(new URL(`./prose/${kind}.txt`, import.meta.url), 'utf8');
  return [
    issueDocument('generated-40k-c2', generatedProse(1, 40_000), 2, 1),
    issueDocument('generated-40k-c4', generatedProse(2, 40_000), 4, 2),
    issueDocument('generated-8k-c3', generatedProse(3, 8_000), 3, 3),
    issueDocument('technical', prose('technical'), 1, 4),
    issueDocument('news', prose('news'), 2, 5),
  ];
}

export interface Leak {
  readonly colluders: readonly number[];
  readonly strategy: Strategy;
  readonly damages: readonly Damage[];
  /** words of the passage, or 0 for the whole text */
  readonly words: number;
  readonly seed: number;
}

export interface Traced {
  readonly accusation: VariantAccusation;
  readonly innocents: readonly string[];
  readonly caught: boolean;
}

/** Makes the leak and traces it against every copy of the document. */
export function traceLeak(document: IssuedDocument, leak: Leak): Traced {
  const copies = document.issue.copies(leak.colluders.map((i) => document.copyIds[i]));
  const mixed = copies.length === 1 ? copies[0].text : collude(document.plan, copies, leak.strategy, leak.seed);
  const passage = leak.words === 0 ? mixed : crop(mixed, leak.words, leak.seed + 1);
  const text = damage(passage, leak.damages, leak.seed + 2);
  const reading = readVariants(text, document.issue.record, document.key);
  const accusation = accuseVariants(reading, document.key, document.copyIds);
  const guilty = new Set(copies.map((copy) => copy.copyId));
  const named = accusation.named.map((score) => score.copyId);
  return {
    accusation,
    innocents: named.filter((copyId) => !guilty.has(copyId)),
    caught: named.some((copyId) => guilty.has(copyId)),
  };
}
