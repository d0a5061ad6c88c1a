/**
 * The scan engine of wm: walk a tree (`.gitignore` honoured), read every text file on worker threads, say what is
 * hidden where, strip it in place, write SARIF. The command line (`wm scan`) keeps only its flags and printing.
 */
export { scanTree, type TreeScanOptions, type TreeScanResult } from './scan-tree.js';
export { scanFile, type ScanSettings } from './scan-file.js';
export { stripFile, type StripFileOptions } from './strip-file.js';
export { walk, type WalkEntry, type WalkOptions } from './walk.js';
export { writeScopeOf, type NamedPath, type WriteScope } from './write-scope.js';
export { SarifLog } from './sarif.js';
export { levelOf, reaches, SETTABLE_LEVELS, type FindingKind, type Level, type SettableLevel } from './levels.js';
export { formatPosition, type Position } from './positions.js';
export { RULES, ruleOf, hiddenRule, passesFor, type Rule, type RuleId, type SchemeId } from './rules.js';
export { isSourcePath } from './schemes.js';
export { selectSearch, type SearchEngine } from './prefilter.js';
export type * from './report-types.js';
