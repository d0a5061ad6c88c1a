import { ruleOf, type RuleId } from './rules.js';

/**
 * How grave a finding is, in SARIF's words (its `level`), in every output of `wm scan`: error for hidden text (tag
 * characters, which spell ASCII, and runs of variation selectors that are no wm watermark: data someone hid), a
 * level the user sets for wm watermarks, C2PA manifests and other stray invisible characters (warning unless
 * --marks-level says otherwise), none for what belongs to the text (only listed with --all).
 */
export type Level = 'error' | 'warning' | 'note' | 'none';

/** The levels a user may give wm watermarks and stray characters (--marks-level), or fail on (--fail-on). */
export const SETTABLE_LEVELS = ['error', 'warning', 'note'] as const;
export type SettableLevel = (typeof SETTABLE_LEVELS)[number];

/** What scan reports, one name per kind of finding (the SARIF rule ids): rules.ts. */
export type FindingKind = RuleId;

export function levelOf(kind: FindingKind, marksLevel: SettableLevel): Level {
  const { level } = ruleOf(kind);
  return level === 'marks' ? marksLevel : level;
}

const RANK: Record<Level, number> = { none: 0, note: 1, warning: 2, error: 3 };

/** Whether `level` is `threshold` or graver. */
export const reaches = (level: Level, threshold: Level): boolean => RANK[level] >= RANK[threshold];
