import { MAX_COLLUSION, variantClasses } from 'wm-watermark-codec/variants';
import { invalid } from '../errors.js';
import { COPIES_LIMITS } from '../types.js';
import { documentNameProblem, recipientProblem, requireValid } from '../validation.js';
import type { IssueCopiesInput, VariantsRequest } from './types.js';

export const MAX_COPIES_PER_ISSUE = COPIES_LIMITS.recipients;

export const DEFAULT_DOCUMENT_NAME = 'document';

const nonEmptyText = (text: unknown, field: string): string => {
  if (typeof text !== 'string' || text.length === 0) {
    throw invalid({ [field]: 'must be a non-empty string' }, `The ${field} is empty`);
  }
  return text;
};

/** A variants request, checked: known classes (each once, at least one), a collusion level the code has. */
function variantsProblem(variants: VariantsRequest): string | undefined {
  if (typeof variants !== 'object' || variants === null || Array.isArray(variants)) return 'must be an object';
  const known = variantClasses().map((spec) => spec.id);
  const { classes, collusion } = variants;
  if (classes !== undefined) {
    if (!Array.isArray(classes) || classes.length === 0) return 'classes must list at least one class';
    const unknown = classes.filter((id) => !known.includes(id));
    if (unknown.length > 0) return `unknown class ${unknown.join(', ')} (known: ${known.join(', ')})`;
    if (new Set(classes).size !== classes.length) return 'classes lists a class twice';
  }
  if (collusion !== undefined && !(Number.isInteger(collusion) && collusion >= 1 && collusion <= MAX_COLLUSION))
    return `collusion must be a whole number from 1 to ${MAX_COLLUSION}`;
  return undefined;
}

/** The issue's input, checked: each recipient trimmed, non-empty, a safe label, and named once. */
export function checkIssueInput(input: IssueCopiesInput): Omit<Required<IssueCopiesInput>, 'variants'> & {
  variants?: VariantsRequest;
} {
  const text = nonEmptyText(input.text, 'text');
  if (!Array.isArray(input.recipients) || input.recipients.length === 0) {
    throw invalid({ recipients: 'must list at least one recipient' }, 'No recipients: name at least one');
  }
  if (input.recipients.length > MAX_COPIES_PER_ISSUE) {
    throw invalid(
      { recipients: `at most ${MAX_COPIES_PER_ISSUE} a request` },
      `Too many recipients (${input.recipients.length}): at most ${MAX_COPIES_PER_ISSUE} a request`,
    );
  }
  const recipients = input.recipients.map((recipient) => (typeof recipient === 'string' ? recipient.trim() : ''));
  const seen = new Set<string>();
  const problems: Record<string, string | undefined> = {};
  recipients.forEach((recipient, i) => {
    const problem = recipientProblem(recipient);
    if (problem) problems[`recipients[${i}]`] ??= problem;
    else if (seen.has(recipient)) problems[`recipients[${i}]`] = `"${recipient}" is listed twice`;
    seen.add(recipient);
  });
  const name = typeof input.name === 'string' ? input.name.trim() : DEFAULT_DOCUMENT_NAME;
  problems.name = input.name === undefined ? undefined : documentNameProblem(name);
  problems.variants = input.variants === undefined ? undefined : variantsProblem(input.variants);
  requireValid(problems);
  return { text, recipients, name, ...(input.variants === undefined ? {} : { variants: input.variants }) };
}

export const checkTraceText = (input: { text: string }): string => nonEmptyText(input?.text, 'text');
