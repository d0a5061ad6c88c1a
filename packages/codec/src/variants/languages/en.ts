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
const DETERMINERS = ['the', 'these', 'those', 'this', 'his', 'her', 'their', 'our', 'my', 'your', 'its'];
/** words that open a noun phrase that may be the subject of a clause ("said the council would") */
const PHRASE_OPENERS = [
  ...['the', 'a', 'an', 'this', 'these', 'those', 'our', 'their', 'its', 'his', 'her', 'my', 'your'],
  ...['some', 'many', 'most', 'several', 'each', 'every', 'both', 'all', 'no', 'any'],
];
/** auxiliaries and modals, with their contracted negations: a clause's verb after its subject */
const AUXILIARIES = [
  ...['is', 'was', 'are', 'were', 'will', 'would', 'can', 'could', 'should', 'shall', 'may', 'might', 'must'],
  ...['has', 'had', 'have', 'does', 'did', 'do', "isn't", "wasn't", "won't", "wouldn't", "can't", 'cannot'],
  ...["couldn't", "doesn't", "didn't", "don't", "hasn't", "haven't", "hadn't", "aren't", "weren't", "shouldn't"],
];
/** "all the same", "all the more": idioms that never take "of" */
const ALL_THE_IDIOMS = ['same', 'more', 'less', 'better', 'worse', 'way', 'while', 'rage', 'fewer', 'sooner', 'rest'];

export const ENGLISH: LanguageTable = {
  language: 'en',
  version: 2,
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
        'noun such as "the way", when a subject pronoun follows; after "said", "think", "hope" and a few others ' +
        'also before a noun phrase that a verb follows ("said that the council would"), and after "told me" and ' +
        'the like. Mixed forms are normal: one choice per site.',
      examples: [
        ['She said that they would come.', 'She said they would come.'],
        ['I am sure that he knows.', 'I am sure he knows.'],
        ['That was the way that we left it.', 'That was the way we left it.'],
        ['He said that the council would meet.', 'He said the council would meet.'],
        ['They argued that agencies should pay.', 'They argued agencies should pay.'],
        ['You told me that he had left.', 'You told me he had left.'],
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
        ...['assumes', 'determined', 'determine', 'recognize', 'recognized', 'recognise', 'recognised', 'notes'],
        ...['argue', 'claim', 'fear', 'fears', 'reckons', 'reckoned', 'thinking', 'hoping', 'knowing', 'wishes'],
        ...['sure', 'glad', 'afraid', 'certain', 'clear', 'likely', 'possible', 'true', 'aware', 'confident'],
        ...['convinced', 'happy', 'sorry', 'surprised', 'proud', 'obvious', 'lucky', 'pleased', 'unlikely'],
        ...['something', 'everything', 'anything', 'nothing'],
      ],
      nouns: [
        ...['way', 'day', 'time', 'moment', 'reason', 'idea', 'feeling', 'sense', 'chance', 'risk', 'thing'],
        ...['things', 'one', 'place', 'year', 'night'],
      ],
      subjects: SUBJECT_PRONOUNS,
      ambiguousSubjects: ['it', 'you', 'there'],
      verbs: AUXILIARIES,
      // verbs that rarely take a noun phrase as their object, so that leaving "that" out leads no reader astray
      // ("said the council would", not "found the council would")
      phraseAfter: [
        ...['said', 'says', 'say', 'saying', 'think', 'thinks', 'thought', 'thinking', 'hope', 'hopes', 'hoped'],
        ...['hoping', 'suppose', 'supposes', 'supposed', 'guess', 'guessed', 'reckon', 'reckons', 'reckoned'],
        ...['argue', 'argues', 'argued', 'insist', 'insists', 'insisted', 'claim', 'claims', 'claimed', 'believe'],
        ...['believes', 'believed', 'wish', 'wished'],
      ],
      determiners: PHRASE_OPENERS,
      tellVerbs: [
        ...['tell', 'tells', 'told', 'telling', 'show', 'shows', 'showed', 'shown', 'remind', 'reminds', 'reminded'],
        ...['assure', 'assures', 'assured', 'convince', 'convinced', 'promise', 'promised', 'warn', 'warned'],
        ...['inform', 'informed', 'persuade', 'persuaded', 'teach', 'taught'],
      ],
      objects: ['me', 'him', 'her', 'us', 'them', 'you'],
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
        '"all of", "both of" and "half of" before a determiner, or without "of" ("all of the staff" / "all the ' +
        'staff"); never in idioms such as "all the same" or "all the more". "outside of" and "inside of" may ' +
        'lose their "of" ("outside of the city" / "outside the city"), never gain it.',
      examples: [
        ['All of the board members agreed.', 'All the board members agreed.'],
        ['They met outside of the office.', 'They met outside the office.'],
      ],
      consistency: 'site',
      enabledByDefault: true,
      unit: 'class',
      pairs: [
        ...DETERMINERS.flatMap((determiner): WordPair[] => [
          { forms: [`all of ${determiner}`, `all ${determiner}`], notBefore: ALL_THE_IDIOMS },
          { forms: [`both of ${determiner}`, `both ${determiner}`] },
          { forms: [`half of ${determiner}`, `half ${determiner}`] },
        ]),
        { forms: ['outside of', 'outside'], from: 0 },
        { forms: ['inside of', 'inside'], from: 0 },
      ],
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
      id: 'equivalent-phrases',
      mechanism: 'word-pairs',
      title: 'Equivalent phrases',
      description:
        'Phrases that dictionaries define by each other and that edited prose mixes freely: "for example" / "for ' +
        'instance", "for purposes of" / "for the purposes of", "in spite of" / "despite", "with regard to" / ' +
        '"with respect to". One choice per site.',
      examples: [
        ['For example, the board met twice.', 'For instance, the board met twice.'],
        ['We went in spite of the rain.', 'We went despite the rain.'],
      ],
      consistency: 'site',
      enabledByDefault: true,
      unit: 'class',
      pairs: [
        { forms: ['for example', 'for instance'] },
        { forms: ['for purposes of', 'for the purposes of'] },
        { forms: ['in spite of', 'despite'] },
        { forms: ['with regard to', 'with respect to'] },
      ],
    },
    {
      id: 'plain-phrases',
      mechanism: 'word-pairs',
      title: 'Wordy phrases and their plain forms',
      description:
        'Phrases that plain-language guides (the US Federal Plain Language Guidelines, Garner) shorten without a ' +
        'change of meaning: "prior to" / "before", "with the exception of" / "except for", "at this point in ' +
        'time" / "now". Only the issuer\'s long form becomes a site: the short one does not always stand for it.',
      examples: [
        ['Submit it prior to the meeting.', 'Submit it before the meeting.'],
        ['All came with the exception of Ann.', 'All came except for Ann.'],
      ],
      consistency: 'site',
      enabledByDefault: true,
      unit: 'class',
      pairs: [
        { forms: ['prior to', 'before'], from: 0 },
        { forms: ['with the exception of', 'except for'], from: 0 },
        { forms: ['at this point in time', 'now'], from: 0 },
        { forms: ['in close proximity to', 'near'], from: 0 },
        { forms: ['a sufficient number of', 'enough'], from: 0 },
      ],
    },
    {
      id: 'upon',
      mechanism: 'word-pairs',
      title: '"upon" / "on"',
      description:
        'The preposition "upon" may be written "on" ("based upon" / "based on", "upon arrival" / "on arrival"); ' +
        'only the issuer\'s "upon" becomes a site, never after a verb whose sense changes with it ("come upon" is ' +
        'not "come on") nor in "once upon a time" or "upon my word".',
      examples: [['The plan is based upon the survey.', 'The plan is based on the survey.']],
      consistency: 'site',
      enabledByDefault: true,
      unit: 'class',
      pairs: [
        {
          forms: ['upon', 'on'],
          from: 0,
          notBefore: ['my', 'a'],
          notAfter: [
            ...['once', 'come', 'comes', 'came', 'coming', 'hit', 'hits', 'happen', 'happens', 'happened', 'chance'],
            ...['chanced', 'stumble', 'stumbled', 'light', 'lit', 'set', 'sets', 'put', 'puts', 'turn', 'turns'],
            ...['turned', 'fall', 'falls', 'fell', 'fallen', 'take', 'takes', 'took', 'taken', 'wait', 'waited'],
            ...['waits', 'hard', 'close', 'thereupon', 'whereupon', 'put-upon'],
          ],
        },
      ],
    },
    {
      id: 'relative-which',
      mechanism: 'word-pairs',
      title: 'Restrictive "which" / "that"',
      description:
        'A restrictive "which" (no comma before it) that a verb follows may be written "that", as American style ' +
        'guides prefer ("the files which were lost" / "the files that were lost"); only the issuer\'s "which" ' +
        'becomes a site, never after a preposition ("in which"), a verb ("decide which is") or a pronoun ' +
        '("that which is"), and never "that" into "which" (it cannot stand for a person).',
      examples: [['The files which were lost came back.', 'The files that were lost came back.']],
      consistency: 'site',
      enabledByDefault: true,
      unit: 'class',
      pairs: [
        {
          forms: ['which', 'that'],
          from: 0,
          onlyBefore: AUXILIARIES,
          afterWord: true,
          notAfter: [
            ...['in', 'of', 'to', 'on', 'at', 'by', 'for', 'with', 'from', 'upon', 'into', 'onto', 'through'],
            ...['under', 'during', 'about', 'after', 'before', 'over', 'between', 'among', 'against', 'without'],
            ...['within', 'beyond', 'behind', 'beneath', 'below', 'above', 'across', 'around', 'toward', 'towards'],
            ...['and', 'or', 'but', 'that', 'this', 'these', 'those', 'all', 'what', 'as', 'than', 'matter', 'is'],
            ...['was', 'are', 'were', 'be', 'know', 'knew', 'known', 'see', 'saw', 'decide', 'decided', 'choose'],
            ...['chose', 'determine', 'determined', 'ask', 'asked', 'wonder', 'wondered', 'show', 'showed', 'tell'],
            ...['told', 'understand', 'learn', 'learned', 'consider', 'select', 'specify', 'identify', 'indicate'],
            ...['outline', 'explain', 'describe', 'clarify', 'discuss', 'evaluate', 'assess', 'examine', 'review'],
            ...['predict', 'guess', 'remember', 'forget', 'forgot', 'say', 'said', 'sure', 'unclear', 'clear'],
          ],
        },
      ],
    },
    {
      id: 'spellings',
      mechanism: 'word-pairs',
      title: 'Equivalent words and spellings',
      description:
        'Curated pairs that dictionaries give as equal: toward/towards, among/amongst, afterward/afterwards, ' +
        'e-mail/email, OK/okay, judgment/judgement, labeled/labelled, coworker/co-worker and others. The forms of ' +
        "one pair must agree within a text: one choice per copy for each pair (per site only where the issuer's " +
        'text already mixes them).',
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
        { forms: ['burned', 'burnt'] },
        { forms: ['judgment', 'judgement'] },
        { forms: ['judgments', 'judgements'] },
        { forms: ['labeled', 'labelled'] },
        { forms: ['labeling', 'labelling'] },
        { forms: ['canceled', 'cancelled'] },
        { forms: ['canceling', 'cancelling'] },
        { forms: ['traveled', 'travelled'] },
        { forms: ['traveling', 'travelling'] },
        { forms: ['traveler', 'traveller'] },
        { forms: ['travelers', 'travellers'] },
        { forms: ['modeled', 'modelled'] },
        { forms: ['modeling', 'modelling'] },
        { forms: ['fueled', 'fuelled'] },
        { forms: ['signaled', 'signalled'] },
        { forms: ['totaled', 'totalled'] },
        { forms: ['benefited', 'benefitted'] },
        { forms: ['catalog', 'catalogue'] },
        { forms: ['catalogs', 'catalogues'] },
        { forms: ['coworker', 'co-worker'] },
        { forms: ['coworkers', 'co-workers'] },
        { forms: ['preexisting', 'pre-existing'] },
        { forms: ['reelect', 're-elect'] },
        { forms: ['reelected', 're-elected'] },
        { forms: ['reexamine', 're-examine'] },
        { forms: ['longstanding', 'long-standing'] },
        { forms: ['policymaker', 'policy maker'] },
        { forms: ['policymakers', 'policy makers'] },
        // the hyphenated forms of older prose, only from the issuer's ("to-night" → "tonight", never back)
        { forms: ['to-night', 'tonight'], from: 0 },
        { forms: ['to-day', 'today'], from: 0 },
        { forms: ['to-morrow', 'tomorrow'], from: 0 },
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
        'The comma before "and", "but", "yet" or "or" when a subject pronoun follows ("He left, and she stayed" / ' +
        '"He left and she stayed"), or before "but" or "yet" and a noun phrase that a verb follows. Only the ' +
        "issuer's commas become sites; mixed forms are normal: one choice per site.",
      examples: [
        ['The vote was close, but we won.', 'The vote was close but we won.'],
        ['The vote was close, but the motion has passed.', 'The vote was close but the motion has passed.'],
      ],
      consistency: 'site',
      enabledByDefault: true,
      conjunctions: ['and', 'but', 'yet', 'or'],
      subjects: ['i', 'he', 'she', 'we', 'they', 'it', 'there', 'you'],
      contrasting: ['but', 'yet'],
      determiners: PHRASE_OPENERS,
      verbs: AUXILIARIES,
    },
    {
      id: 'intro-comma',
      mechanism: 'intro-comma',
      title: 'Comma after a short opening phrase',
      description:
        'The optional comma after a short adverb or phrase that opens a sentence ("Today, the board met" / ' +
        '"Today the board met"), and the issuer\'s comma after a preposition and one to three words before a ' +
        'determiner or a pronoun ("Under the budget, the city"). Mixed forms are normal: one choice per site.',
      examples: [
        ['In 2019, the firm moved.', 'In 2019 the firm moved.'],
        ['Later, she called back.', 'Later she called back.'],
        ['Under the budget, the city saves.', 'Under the budget the city saves.'],
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
        ...['accordingly', 'thus', 'therefore', 'hence', 'indeed', 'consequently', 'similarly', 'likewise'],
        ...['meanwhile', 'additionally', 'also', 'first', 'next', 'lately', 'here', 'to this end', 'to that end'],
        ...['in this case', 'in that case', 'in response', 'in return', 'in total', 'at present', 'at the time'],
        ...['at that time', 'at that point', 'even so', 'even then', 'in the meantime', 'in recent years'],
        ...['in the past', 'for years', 'for decades', 'to date', 'in most cases', 'in many cases', 'in some cases'],
        ...['to the extent possible', 'where possible', 'if possible', 'if necessary', 'where appropriate'],
      ],
      before: ['in', 'on', 'by', 'since', 'until'],
      names: [
        ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october'],
        ...['november', 'december', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      ],
      // never a word that may also open a clause ("After the board met the mayor…"): after, before, since, until
      prepositions: [
        ...['in', 'on', 'at', 'by', 'for', 'during', 'under', 'through', 'throughout', 'within', 'without'],
        ...['despite', 'unlike', 'like', 'among', 'across', 'beyond', 'following', 'with', 'from', 'over'],
        ...['around', 'near', 'behind', 'inside', 'outside', 'amid', 'against', 'toward', 'towards', 'upon'],
      ],
      notInPhrase: [
        ...['of', 'to', 'in', 'on', 'at', 'for', 'by', 'with', 'from', 'into', 'onto', 'and', 'or', 'but', 'nor'],
        ...['that', 'which', 'who', 'whom', 'whose', 'what', 'when', 'where', 'why', 'how', 'while', 'if', 'as'],
        ...['than', 'because', 'since', 'until', 'so', 'not', 'is', 'are', 'was', 'were', 'be', 'been', 'has'],
        ...['have', 'had', 'do', 'does', 'did', 'will', 'would', 'can', 'could', 'should', 'may', 'might', 'must'],
        ...['shall', 'i', 'he', 'she', 'it', 'we', 'they', 'you', 'him', 'them', 'us', 'me', 'there', 'here'],
        // nouns a clause may follow without "that": "In the year the war ended" is not "In the year, the war…"
        ...['year', 'years', 'day', 'days', 'time', 'times', 'moment', 'week', 'weeks', 'month', 'months'],
        ...['morning', 'afternoon', 'evening', 'night', 'hour', 'hours', 'minute', 'minutes', 'period', 'era'],
        ...['decade', 'decades', 'season', 'way', 'ways', 'place', 'point', 'instant', 'case', 'extent', 'event'],
        ...['manner', 'sense', 'degree', 'order', 'hope', 'fact', 'idea', 'reason'],
      ],
      openers: [...PHRASE_OPENERS, 'i', 'he', 'she', 'we', 'they', 'it', 'you', 'there'],
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
