/**
 * Addresses and names that every face (domain, HTTP, admin CLI) must judge alike; the accepted ones are distinct
 * accounts.
 */

export const ACCEPTED_EMAILS = [
  'ada@example.com',
  'Ada.Byron@Example.COM',
  'ada.lovelace+wm@mail.example.co.uk',
  "o'brien@example.ie",
  'x@xn--bcher-kva.example',
  '  padded@example.com  ',
];

export const REFUSED_EMAILS = [
  'ADA@example.com.',
  'a<ada@example.com>',
  'Ada <ada@example.com>',
  '"ada"@example.com',
  'ada@example',
  'ada@@example.com',
  'ada@-example.com',
  'ada@example..com',
  '.ada@example.com',
  'ada.@example.com',
  'ada@[127.0.0.1]',
  'ada@example.com\nBcc: eve@example.com',
  'ädä@example.com',
  `${'a'.repeat(65)}@example.com`,
  'nope',
];

/** name → the code point the rule names */
export const REFUSED_NAMES: [string, string][] = [
  ['ada\u202Eevil', 'U+202E'],
  ['ada\u2066x\u2069', 'U+2066'],
  ['line\u2028break', 'U+2028'],
  ['para\u2029graph', 'U+2029'],
  ['tab\there', 'U+0009'],
  ['bell\u0007', 'U+0007'],
  ['zero\u200Bwidth', 'U+200B'],
  ['word\u2060joiner', 'U+2060'],
  ['b\uFEFFom', 'U+FEFF'],
  ['soft\u00ADhyphen', 'U+00AD'],
  ['mark\u200Fright', 'U+200F'],
  ['tag\u{E0041}', 'U+E0041'],
  ['filler\u3164', 'U+3164'],
  ['lone\uD800', 'U+D800'],
  // blank-looking: a name with them looks like another (U+00A0 for a space) or hides its length
  ['Ada\u00A0News', 'U+00A0'],
  ['vowel\u180Eseparator', 'U+180E'],
  ['braille\u2800blank', 'U+2800'],
  ['ideographic\u3000space', 'U+3000'],
  ['thin\u2009space', 'U+2009'],
  ['narrow\u202Fspace', 'U+202F'],
  ['half\uFFA0filler', 'U+FFA0'],
];

/** Names a person may really have: joiners (Persian, Indic scripts, emoji) and emoji selectors stay allowed. */
export const ACCEPTED_NAMES = [
  'Ada Lovelace',
  'مهر\u200Cداد',
  'क्\u200Dष',
  '👩\u200D💻 dev',
  'I ❤\uFE0F text',
  'Zoë',
  '李小龙',
];
