import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confusableNames, nfkcCasefold, skeleton } from 'wm-watermark-codec/unicode/name-key';

describe('nfkcCasefold', () => {
  it('folds case and compatibility forms as NFKC_CF does', () => {
    expect(nfkcCasefold('Straße')).toBe('strasse');
    expect(nfkcCasefold('ﬁle Ⅻ')).toBe('file xii');
    expect(nfkcCasefold('ＡＤＡ')).toBe('ada');
    expect(nfkcCasefold('a\u00adb\u200bc')).toBe('abc');
    expect(nfkcCasefold('Ada\u00a0News')).toBe('ada news');
    expect(nfkcCasefold('ΣΑΣ')).toBe('σασ');
  });
});

describe('skeleton', () => {
  it('maps confusable characters to their prototypes', () => {
    expect(skeleton('\u0430')).toBe('a'); // Cyrillic a
    expect(skeleton('rn')).toBe(skeleton('m'));
    expect(skeleton('𝔭𝒶ỿ𝕡𝕒ℓ')).toBe(skeleton('paypal'));
  });
});

describe('confusable names', () => {
  it.each([
    ['Ada News', 'ADA NEWS'],
    ['Ada News', '\u0410da News'],
    ['Ada News', 'Ada \u039dews'],
    ['NEWS', '\u039dews'],
    ['AI', 'ai'],
    ['Ada News', 'Ada\u00a0News'],
    ['Ada News', 'Ada News\u200b'],
    ['Ada News', 'Ａｄａ Ｎｅｗｓ'],
    ['google', 'g00gle'],
    ['Adam', 'Adarn'],
    ['ΑDΑ ΝΕWS', 'Ada News'],
    ['paypal', '𝔭𝒶ỿ𝕡𝕒ℓ'],
    // small capitals, as "small caps" text generators write names
    ['Ada News', 'ᴀᴅᴀ ɴᴇᴡꜱ'],
    ['Ada News', 'Aᴅᴀ Nᴇᴡs'],
    ['Mallory', 'ᴍᴀʟʟᴏʀʏ'],
    ['quick brown fox', 'ꞯᴜɪᴄᴋ ʙʀᴏᴡɴ ꜰᴏx'],
    ['jgh', 'ᴊɢʜ'],
    // what the MA table made one stays one: ᴋ read as ĸ, and Greek κ and Cyrillic к too; ɶ as "oᴇ"
    ['ᴋ', 'ĸ'],
    ['\u03ba', 'ᴋ'],
    ['\u043a', 'k'],
    ['ɶ', 'oᴇ'],
    ['ɶ', 'oe'],
    // what a reader passes over: punctuation and spacing at either end, runs of spacing inside (HTML collapses them)
    ['Ada News', 'Ada News.'],
    ['Ada News', 'Ada News .'],
    ['Ada News', '(Ada News)'],
    ['Ada News', '"Ada News"'],
    ['Ada News', ' Ada News\u3000'],
    ['Ada News', 'Ada News\uff0e'],
    ['Ada News', '\u2014Ada News!'],
    ['Ada News', 'Ada  News'],
    ['Ada News', 'Ada\u2003\u2003News'],
  ])('%j and %j', (a, b) => expect(confusableNames(a, b)).toBe(true));

  it.each([
    ['Ada News', 'Ada Newz'],
    ['Ada News', 'AdaNews'],
    ['Ada News', 'Ada-News'],
    ['Ada News', 'Ada News 2'],
    ['...', '..'],
    ['news', 'new'],
    // lower-case Greek nu is a v, not an n
    ['news', '\u03bdews'],
  ])('not %j and %j', (a, b) => expect(confusableNames(a, b)).toBe(false));

  it('holds for any Latin name and the same name in small capitals', () => {
    const smallCapitals = 'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡxʏᴢ';
    const name = fc.stringMatching(/^[a-zA-Z][a-zA-Z ]{0,20}$/);
    fc.assert(
      fc.property(name, (latin) => {
        const disguised = [...latin.toLowerCase()]
          .map((c) => (c === ' ' ? c : smallCapitals[c.charCodeAt(0) - 0x61]))
          .join('');
        expect(confusableNames(disguised, latin)).toBe(true);
      }),
    );
  });

  it('maps each character once: a prototype is its own prototype (the small capitals folded in keep it so)', () => {
    for (const text of ['ᴀᴅᴀ ɴᴇᴡꜱ', 'ᴋĸκкᴍʍм', 'ɶ', 'ᴛτт', 'ʙв', 'ʜн']) {
      expect(skeleton(skeleton(text)), text).toBe(skeleton(text));
    }
  });

  it('holds for any Latin name and its look-alike in Cyrillic letters, in any case', () => {
    const lookAlikes: Record<string, string> = { a: 'а', c: 'с', e: 'е', o: 'о', p: 'р', x: 'х', y: 'у', i: 'і' };
    const name = fc.stringMatching(/^[a-zA-Z][a-zA-Z ]{0,20}$/);
    fc.assert(
      fc.property(name, fc.boolean(), (latin, upper) => {
        const disguised = [...latin].map((c) => lookAlikes[c] ?? c).join('');
        expect(confusableNames(upper ? disguised.toUpperCase() : disguised, latin)).toBe(true);
      }),
    );
  });
});
