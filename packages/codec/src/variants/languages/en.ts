import type { LanguageTable, WordPair } from '../table.js';

/**
 * English variant classes (docs/TRACING.md lists them with examples). Every pair here is standard in edited prose
 * in both forms and means the same; `from` marks pairs where only one of the issuer's forms may become a site,
 * because the other does not always stand for it ("though" is also an adverb, "he's" may be "he has").
 */

const SUBJECT_PRONOUNS = ['i', 'he', 'she', 'we', 'they'];
/** words after a contracted negation that make it an inverted question ("Don't you see?") */
const INVERSION = [...SUBJECT_PRONOUNS, 'you', 'it', 'there', 'the', 'a', 'an', 'this', 'that', 'these', 'those'];
const negation = (expanded: string, contracted: string): WordPair => ({
  forms: [expanded, contracted],
  notBefore: INVERSION,
});
/** "it is" may become "it's" only before a word: "I know what it is." cannot */
const beforeWord = (expanded: string, contracted: string, from?: 0 | 1): WordPair => ({
  forms: [expanded, contracted],
  wordAfter: 0,
  ...(from === undefined ? {} : { from }),
});
const DETERMINERS = ['the', 'these', 'those', 'his', 'her', 'their', 'our', 'my', 'your', 'its'];
/** "all the same", "all the more": idioms that never take "of" */
const ALL_THE_IDIOMS = ['same', 'more', 'less', 'better', 'worse', 'way', 'while', 'rage', 'fewer', 'sooner', 'rest'];

export const ENGLISH: LanguageTable = {
  language: 'en',
  version: 1,
  abbreviations: [
    'mr',
    'mrs',
    'ms',
    'dr',
    'prof',
    'st',
    'vs',
    'etc',
    'e.g',
    'i.e',
    'inc',
    'ltd',
    'co',
    'jr',
    'sr',
    'no',
    'fig',
    'vol',
    'p',
    'pp',
    'u.s',
    'a.m',
    'p.m',
    'approx',
    'dept',
    'est',
    'gen',
    'gov',
    'sen',
    'rep',
  ],
  classes: [
    {
      id: 'optional-that',
      mechanism: 'optional-word',
      title: 'Optional "that"',
      description:
        'The conjunction or relative "that" after a verb of saying or thinking, an adjective of certainty or a ' +
        'noun such as "the way", when a subject pronoun follows. Mixed forms are normal: one choice per site.',
      examples: [
        ['She said that they would come.', 'She said they would come.'],
        ['I am sure that he knows.', 'I am sure he knows.'],
        ['That was the way that we left it.', 'That was the way we left it.'],
      ],
      consistency: 'site',
      enabledByDefault: true,
      word: 'that',
      after: [
        ...['said', 'say', 'says', 'saying', 'think', 'thinks', 'thought', 'believe', 'believes', 'believed'],
        ...['know', 'knows', 'knew', 'hope', 'hopes', 'hoped', 'feel', 'feels', 'felt', 'suggest', 'suggests'],
        ...['suggested', 'noted', 'argued', 'argues', 'claimed', 'claims', 'found', 'finds', 'realized', 'realised'],
        ...['realize', 'realise', 'understand', 'understood', 'agreed', 'agree', 'announced', 'confirmed', 'expect'],
        ...['expects', 'expected', 'insisted', 'insists', 'admitted', 'admits', 'explained', 'decided', 'wish'],
        ...['wished', 'guess', 'guessed', 'suppose', 'supposed', 'suspect', 'suspected', 'assume', 'assumed'],
        ...['heard', 'hear', 'saw', 'see', 'showed', 'shows', 'shown', 'reported', 'mentioned', 'recalled'],
        ...['remember', 'remembered', 'forgot', 'noticed', 'learned', 'learnt', 'discovered', 'ensure', 'ensures'],
        ...['means', 'meant', 'seems', 'seemed', 'appears', 'appeared', 'promised', 'predicted', 'worried'],
        ...['doubt', 'imagine', 'imagined', 'figured', 'bet', 'reckon', 'feared', 'concluded', 'indicated'],
        ...['indicates', 'added', 'stated', 'acknowledged', 'warned', 'estimated', 'estimates', 'told'],
        ...['sure', 'glad', 'afraid', 'certain', 'clear', 'likely', 'possible', 'true', 'aware', 'confident'],
        ...['convinced', 'happy', 'sorry', 'surprised', 'proud', 'obvious', 'lucky', 'pleased', 'unlikely'],
        ...['way', 'day', 'time', 'moment', 'reason', 'idea', 'feeling', 'sense', 'hope', 'chance', 'risk'],
        ...['something', 'everything', 'anything', 'nothing', 'thing', 'things', 'one', 'place', 'year', 'night'],
      ],
      subjects: SUBJECT_PRONOUNS,
      ambiguousSubjects: ['it', 'you', 'there'],
      verbs: [
        ...['is', 'was', 'are', 'were', 'will', 'would', 'can', 'could', 'should', 'shall', 'may', 'might', 'must'],
        ...['has', 'had', 'have', 'does', 'did', 'do', "isn't", "wasn't", "won't", "wouldn't", "can't", 'cannot'],
        ...["couldn't", "doesn't", "didn't", "don't", "hasn't", "haven't", "hadn't", "aren't", "weren't"],
      ],
    },
    {
      id: 'contractions',
      mechanism: 'word-pairs',
      title: 'Contractions',
      description:
        'A contraction or its full form ("do not" / "don\'t", "it is" / "it\'s"), only in a text that already ' +
        'uses both, then one choice per site; never in a question, never where the contraction would end a clause ' +
        'or invert a question, and never from "he\'s" (it may be "he has").',
      examples: [
        ['We do not expect delays.', "We don't expect delays."],
        ['It is likely to rain.', "It's likely to rain."],
      ],
      consistency: 'mixed-only',
      enabledByDefault: true,
      unit: 'class',
      notInQuestions: true,
      pairs: [
        negation('do not', "don't"),
        negation('does not', "doesn't"),
        negation('did not', "didn't"),
        negation('is not', "isn't"),
        negation('are not', "aren't"),
        negation('was not', "wasn't"),
        negation('were not', "weren't"),
        negation('has not', "hasn't"),
        negation('have not', "haven't"),
        negation('had not', "hadn't"),
        negation('will not', "won't"),
        negation('would not', "wouldn't"),
        negation('could not', "couldn't"),
        negation('should not', "shouldn't"),
        negation('cannot', "can't"),
        negation('must not', "mustn't"),
        beforeWord('i am', "i'm"),
        beforeWord('you are', "you're"),
        beforeWord('we are', "we're"),
        beforeWord('they are', "they're"),
        beforeWord('he is', "he's", 0),
        beforeWord('she is', "she's", 0),
        beforeWord('it is', "it's", 0),
        beforeWord('that is', "that's", 0),
        beforeWord('there is', "there's", 0),
        beforeWord('i will', "i'll"),
        beforeWord('you will', "you'll"),
        beforeWord('we will', "we'll"),
        beforeWord('they will', "they'll"),
        beforeWord('he will', "he'll"),
        beforeWord('she will', "she'll"),
        // "I have a dog" → "I've a dog" is not usual: only the contraction may be written out
        { forms: ['i have', "i've"], from: 1 },
        { forms: ['we have', "we've"], from: 1 },
        { forms: ['you have', "you've"], from: 1 },
        { forms: ['they have', "they've"], from: 1 },
      ],
    },
    {
      id: 'indefinite-pronouns',
      mechanism: 'word-pairs',
      title: '-one and -body pronouns',
      description: '"anyone" / "anybody", "everyone" / "everybody", "someone" / "somebody", "no one" / "nobody".',
      examples: [['Someone left the door open.', 'Somebody left the door open.']],
      consistency: 'site',
      enabledByDefault: true,
      unit: 'class',
      pairs: [
        { forms: ['anyone', 'anybody'] },
        { forms: ['everyone', 'everybody'] },
        { forms: ['someone', 'somebody'] },
        { forms: ['no one', 'nobody'] },
      ],
    },
    {
      id: 'of-the',
      mechanism: 'word-pairs',
      title: '"all of the" / "all the"',
      description:
        '"all of" and "both of" before a determiner, or without "of" ("all of the staff" / "all the staff"); ' +
        'never in idioms such as "all the same" or "all the more".',
      examples: [['All of the board members agreed.', 'All the board members agreed.']],
      consistency: 'site',
      enabledByDefault: true,
      unit: 'class',
      pairs: DETERMINERS.flatMap((determiner): WordPair[] => [
        { forms: [`all of ${determiner}`, `all ${determiner}`], notBefore: ALL_THE_IDIOMS },
        { forms: [`both of ${determiner}`, `both ${determiner}`] },
      ]),
    },
    {
      id: 'in-order-to',
      mechanism: 'word-pairs',
      title: '"in order to" / "to"',
      description: '"in order to" may be written "to"; only the issuer\'s "in order to" becomes a site.',
      examples: [['We met in order to agree on a date.', 'We met to agree on a date.']],
      consistency: 'site',
      enabledByDefault: true,
      unit: 'class',
      pairs: [{ forms: ['in order to', 'to'], from: 0 }],
    },
    {
      id: 'more-than',
      mechanism: 'word-pairs',
      title: '"more than" / "over" before a number',
      description:
        '"more than" before a quantity may be written "over" (both accepted by AP since 2014); only the issuer\'s ' +
        '"more than" becomes a site, and only before a figure of 2 or more, an amount or a number word.',
      examples: [['More than 60 people signed up.', 'Over 60 people signed up.']],
      consistency: 'site',
      enabledByDefault: true,
      unit: 'class',
      pairs: [{ forms: ['more than', 'over'], from: 0, beforeQuantity: true }],
    },
    {
      id: 'although',
      mechanism: 'word-pairs',
      title: '"although" / "though"',
      description: 'The conjunction "although" may be written "though"; only the issuer\'s "although" becomes a site.',
      examples: [['Although it rained, we went out.', 'Though it rained, we went out.']],
      consistency: 'site',
      enabledByDefault: true,
      unit: 'class',
      pairs: [{ forms: ['although', 'though'], from: 0 }],
    },
    {
      id: 'each-other',
      mechanism: 'word-pairs',
      title: '"each other" / "one another"',
      description: 'The reciprocal pronouns, used alike by modern style guides.',
      examples: [['The two teams trust each other.', 'The two teams trust one another.']],
      consistency: 'site',
      enabledByDefault: true,
      unit: 'class',
      pairs: [{ forms: ['each other', 'one another'] }],
    },
    {
      id: 'spellings',
      mechanism: 'word-pairs',
      title: 'Equivalent words and spellings',
      description:
        'Curated pairs that dictionaries give as equal: toward/towards, among/amongst, afterward/afterwards, ' +
        'e-mail/email, OK/okay and others. The forms of one pair must agree within a text: one choice per copy ' +
        "for each pair (per site only where the issuer's text already mixes them).",
      examples: [
        ['We moved toward a decision.', 'We moved towards a decision.'],
        ['Send me an e-mail.', 'Send me an email.'],
        ['That is OK with me.', 'That is okay with me.'],
      ],
      consistency: 'text',
      enabledByDefault: true,
      unit: 'pair',
      pairs: [
        { forms: ['toward', 'towards'] },
        { forms: ['afterward', 'afterwards'] },
        { forms: ['among', 'amongst'] },
        { forms: ['amid', 'amidst'] },
        { forms: ['e-mail', 'email'] },
        { forms: ['e-mails', 'emails'] },
        { forms: ['e-mailed', 'emailed'] },
        { forms: ['OK', 'okay'], literal: true },
        { forms: ['acknowledgment', 'acknowledgement'] },
        { forms: ['acknowledgments', 'acknowledgements'] },
        { forms: ['cooperate', 'co-operate'] },
        { forms: ['cooperation', 'co-operation'] },
        { forms: ['cooperative', 'co-operative'] },
        { forms: ['coordinate', 'co-ordinate'] },
        { forms: ['coordinated', 'co-ordinated'] },
        { forms: ['coordination', 'co-ordination'] },
        { forms: ['spelled', 'spelt'] },
        { forms: ['dreamed', 'dreamt'] },
        { forms: ['leaped', 'leapt'] },
        { forms: ['kneeled', 'knelt'] },
      ],
    },
    {
      id: 'small-numbers',
      mechanism: 'number-words',
      title: 'Small numbers in words or figures',
      description:
        'Two to nine before a plural noun, spelled out or in figures ("three days" / "3 days"); never a number ' +
        'that is part of another (3.5, 1,300, 3-2, 9:30), a label (Chapter 3, $3), the start of a sentence or one ' +
        "near another number. One choice per copy, unless the issuer's text already mixes them.",
      examples: [['The review took three weeks.', 'The review took 3 weeks.']],
      consistency: 'text',
      enabledByDefault: true,
      words: ['', '', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
      smallest: 2,
      plurals: ['people', 'men', 'women', 'children', 'feet', 'teeth', 'mice', 'geese'],
      notPlurals: [
        ...['is', 'was', 'has', 'as', 'us', 'this', 'his', 'its', 'yes', 'plus', 'less', 'across', 'thus', 'does'],
        ...['goes', 'always', 'perhaps', 'besides', 'unless', 'sometimes', 'towards', 'afterwards', 'whereas'],
        ...['percent', 'times', 'hours', 'minutes', 'seconds', 'bytes'],
      ],
    },
    {
      id: 'percent-sign',
      mechanism: 'unit-sign',
      title: '"percent" / "%"',
      description: 'After a number in figures: "5 percent" / "5%". One choice per copy.',
      examples: [['Sales rose 12 percent.', 'Sales rose 12%.']],
      consistency: 'text',
      enabledByDefault: true,
      sign: '%',
      word: 'percent',
    },
    {
      id: 'serial-comma',
      mechanism: 'serial-comma',
      title: 'Serial comma',
      description:
        'The comma before "and" or "or" that ends a list of three or more ("red, white, and blue" / "red, white ' +
        'and blue"), in lists of short items only. One choice per copy, unless the issuer\'s text already mixes.',
      examples: [['We need paper, ink, and envelopes.', 'We need paper, ink and envelopes.']],
      consistency: 'text',
      enabledByDefault: true,
      conjunctions: ['and', 'or'],
      notAfter: [
        ...['in', 'on', 'at', 'by', 'for', 'with', 'from', 'to', 'of', 'after', 'before', 'since', 'during'],
        ...['until', 'when', 'while', 'if', 'because', 'although', 'though', 'as', 'once', 'where', 'whereas'],
        ...['unless', 'whether', 'about', 'into', 'over', 'under', 'between', 'among', 'through', 'without'],
        ...['within', 'like', 'near', 'having', 'however', 'meanwhile', 'yesterday', 'today', 'tomorrow'],
      ],
    },
    {
      id: 'clause-comma',
      mechanism: 'clause-comma',
      title: 'Comma between two clauses',
      description:
        'The comma before "and", "but", "so", "yet" or "or" when a new clause follows ("He left, and she stayed" / ' +
        '"He left and she stayed"). Only the issuer\'s commas become sites; mixed forms are normal: one choice ' +
        'per site.',
      examples: [['The vote was close, but we won.', 'The vote was close but we won.']],
      consistency: 'site',
      enabledByDefault: true,
      conjunctions: ['and', 'but', 'so', 'yet', 'or'],
      subjects: ['i', 'he', 'she', 'we', 'they', 'it', 'there', 'you'],
    },
    {
      id: 'intro-comma',
      mechanism: 'intro-comma',
      title: 'Comma after a short opening phrase',
      description:
        'The optional comma after a short adverb or phrase that opens a sentence ("Today, the board met" / ' +
        '"Today the board met"). Mixed forms are normal: one choice per site.',
      examples: [
        ['In 2019, the firm moved.', 'In 2019 the firm moved.'],
        ['Later, she called back.', 'Later she called back.'],
      ],
      consistency: 'site',
      enabledByDefault: true,
      phrases: [
        ...['today', 'yesterday', 'tomorrow', 'now', 'then', 'later', 'suddenly', 'finally', 'eventually'],
        ...['recently', 'currently', 'initially', 'previously', 'ultimately', 'instead', 'sometimes', 'soon'],
        ...['afterwards', 'afterward', 'at first', 'at times', 'in fact', 'of course', 'in addition', 'in general'],
        ...['in short', 'as a result', 'for now', 'so far', 'last year', 'last week', 'last month', 'this year'],
        ...['this week', 'next year', 'next week', 'in the end', 'at last', 'by then', 'since then', 'until then'],
        ...['that night', 'that day', 'that morning', 'this morning', 'in practice', 'in theory', 'in turn'],
        ...['in particular', 'by contrast', 'in contrast', 'on balance', 'overall', 'again', 'once again'],
      ],
      before: ['in', 'on', 'by', 'since', 'until'],
      names: [
        ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october'],
        ...['november', 'december', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      ],
    },
    {
      id: 'dashes',
      mechanism: 'dashes',
      title: 'Dashes',
      description:
        'A dash between words as an em dash ("word—word", or spaced as the text has it) or a spaced en dash ' +
        '("word – word"). One choice per copy, unless the issuer\'s text already mixes them.',
      examples: [['The plan—if it works—saves a week.', 'The plan – if it works – saves a week.']],
      consistency: 'text',
      enabledByDefault: true,
    },
  ],
};
