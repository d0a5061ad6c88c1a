/**
 * A language's table of variant classes: places where two forms are both standard in edited prose and mean the
 * same. The table is data (languages/en.ts); how each kind of class finds its places is code (mechanisms/), so a
 * language is added by writing its table, and a new kind of class by adding a mechanism.
 */

/**
 * How a copy stays consistent (docs/TRACING.md, "Visible variants"):
 * - `site`: mixed forms are normal in edited prose, so each site carries its own choice;
 * - `text`: the forms must agree within one text, so all sites of a unit (one word pair, the serial comma) carry one
 *   choice per copy; where the issuer's text already mixes them, a copy mixing them is no less consistent, and each
 *   site carries its own;
 * - `mixed-only`: varied only where the issuer's text already uses both forms (then per site), never otherwise.
 */
export type Consistency = 'site' | 'text' | 'mixed-only';

/** Two forms of one variant: `forms[0]` and `forms[1]`, lower case unless the case is part of the form (OK). */
export interface WordPair {
  readonly forms: readonly [string, string];
  /** which of the issuer's forms may become a site (default both): the other may not always stand for it */
  readonly from?: 0 | 1;
  /** the form must be followed by a word (no punctuation between): "it is" but not "that is," or "he is." */
  readonly wordAfter?: 0 | 1;
  /** words that must not follow a form (idioms: "all the same", inverted questions: "don't you") */
  readonly notBefore?: readonly string[];
  /** words that must not come just before a form (phrasal verbs: "come upon" is not "come on") */
  readonly notAfter?: readonly string[];
  /** the form must come right after a word, with no punctuation between ("files which", not "files, which") */
  readonly afterWord?: boolean;
  /** the word right after the form must be one of these (a restrictive "which" that a verb follows) */
  readonly onlyBefore?: readonly string[];
  /** the case is part of a form (OK/okay): the forms are written as listed */
  readonly literal?: boolean;
  /** a quantity must follow ("more than 60", "over $2 million"): elsewhere the forms differ in meaning */
  readonly beforeQuantity?: boolean;
}

interface ClassBase {
  /** a stable name: it is hashed into every stored site, so it never changes within a table version */
  readonly id: string;
  readonly title: string;
  readonly description: string;
  /** sentences showing the two forms: [first form, second form] */
  readonly examples: readonly (readonly [string, string])[];
  readonly consistency: Consistency;
  readonly enabledByDefault: boolean;
}

export interface WordPairsClass extends ClassBase {
  readonly mechanism: 'word-pairs';
  readonly pairs: readonly WordPair[];
  /** no site in a sentence that ends with a question mark (inversions: "Don't you see?") */
  readonly notInQuestions?: boolean;
  /** each pair is its own unit of consistency (toward/towards apart from among/amongst) or the class is one */
  readonly unit: 'pair' | 'class';
}

export interface OptionalWordClass extends ClassBase {
  readonly mechanism: 'optional-word';
  /** the word that may be left out ("that") */
  readonly word: string;
  /** words after which it may be added or left out (said, think, sure) */
  readonly after: readonly string[];
  /** nouns after which it may be added or left out when a determiner opens them ("the way", "the only time") */
  readonly nouns: readonly string[];
  /** words that may follow it: subjects that can only begin a clause (I, he, she, we, they) */
  readonly subjects: readonly string[];
  /** subjects that may also be objects (it, you, there): only when one of `verbs` follows them */
  readonly ambiguousSubjects: readonly string[];
  readonly verbs: readonly string[];
  /**
   * verbs of saying and thinking after which the word may also stand before a noun phrase that a verb of `verbs`
   * follows ("said that the council would", "said that agencies may"): the word is then a conjunction, never a
   * demonstrative ("said that the other day" has no verb after its noun phrase)
   */
  readonly phraseAfter: readonly string[];
  /** the words that open such a noun phrase */
  readonly determiners: readonly string[];
  /** verbs that take a person before the clause ("told me that he"), and the persons */
  readonly tellVerbs: readonly string[];
  readonly objects: readonly string[];
}

export interface NumberWordsClass extends ClassBase {
  readonly mechanism: 'number-words';
  /** the spelled-out numbers, by value (index 0 and 1 unused: "one" is also a pronoun) */
  readonly words: readonly string[];
  readonly smallest: number;
  /** plural nouns not ending in s that may follow a number */
  readonly plurals: readonly string[];
  /** words ending in s that are not plural nouns */
  readonly notPlurals: readonly string[];
}

export interface UnitSignClass extends ClassBase {
  readonly mechanism: 'unit-sign';
  readonly sign: string;
  readonly word: string;
}

export interface SerialCommaClass extends ClassBase {
  readonly mechanism: 'serial-comma';
  readonly conjunctions: readonly string[];
  /** a list is not taken to start after these (an introductory phrase, a clause: "In June, Paris and Rome") */
  readonly notAfter: readonly string[];
}

export interface ClauseCommaClass extends ClassBase {
  readonly mechanism: 'clause-comma';
  /** conjunctions that join two clauses ("and", "but") */
  readonly conjunctions: readonly string[];
  /** subject pronouns that show a clause follows ("and she stayed", not "and plums") */
  readonly subjects: readonly string[];
  /** conjunctions that never end a list ("but", "yet"), after which a noun phrase also shows a clause */
  readonly contrasting: readonly string[];
  readonly determiners: readonly string[];
  /** a noun phrase after them shows a clause when one of these follows it within three words */
  readonly verbs: readonly string[];
}

export interface IntroCommaClass extends ClassBase {
  readonly mechanism: 'intro-comma';
  /** short introductory words and phrases after which the comma is optional, at the start of a sentence */
  readonly phrases: readonly string[];
  /** phrases followed by a number ("In 2019"), or by a month or weekday ("In June", "On Monday") */
  readonly before: readonly string[];
  readonly names: readonly string[];
  /**
   * prepositions that open any other short phrase ("Under the budget, the city"): only the issuer's comma becomes a
   * site, and only before a determiner or a subject pronoun
   */
  readonly prepositions: readonly string[];
  /** words such a phrase never holds: function words, and nouns a clause may follow ("In the year the war ended") */
  readonly notInPhrase: readonly string[];
  /** what may follow such a phrase: determiners and subject pronouns */
  readonly openers: readonly string[];
}

export interface DashesClass extends ClassBase {
  readonly mechanism: 'dashes';
}

export type VariantClassSpec =
  | WordPairsClass
  | OptionalWordClass
  | NumberWordsClass
  | UnitSignClass
  | SerialCommaClass
  | ClauseCommaClass
  | IntroCommaClass
  | DashesClass;

export interface LanguageTable {
  readonly language: string;
  /** a change of any class, form or rule makes a new version (stored sites keep theirs) */
  readonly version: number;
  readonly classes: readonly VariantClassSpec[];
  /** words before which a sentence does not end after a full stop (Mr. Smith) */
  readonly abbreviations: readonly string[];
}
