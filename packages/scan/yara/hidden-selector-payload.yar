/*
 * Hidden selector payloads: a run of 8 or more Unicode variation selectors (VS1-VS16 U+FE00-FE0F, VS17-VS256
 * U+E0100-E01EF) in UTF-8, each standing for one byte (b < 16: U+FE00 + b; else U+E0100 + b - 16), as GlassWorm
 * (October 2025: JavaScript written as selectors, decoded and eval'd) and emoji-encoder-style tools hide data.
 *
 * Not wm watermarks: a wm frame begins with the selector of its magic byte, 0xF7 or 0xF8 (U+E01E7 / U+E01E8, UTF-8
 * F3 A0 87 A7 / F3 A0 87 A8), a byte that never begins UTF-8, so no text payload holds it (docs/FORMAT.md of wm,
 * "The frame"). wm spreads a frame one selector per character; only when a short text runs out of characters does
 * the rest of the frame follow as one run, within a few KiB of its magic. So a run is reported unless that magic
 * lies within 4 KiB before its start. A payload hidden less than 4 KiB after a wm frame is therefore not reported
 * by this rule: `wm scan` reports it (it reads frames, not distances).
 */
rule hidden_selector_payload
{
    meta:
        description = "8 or more variation selectors in a row carrying hidden bytes (not a wm watermark frame)"
        author = "wm (wm-watermark-scan)"
        reference = "packages/scan/README.md, YARA"

    strings:
        $run = /(\xF3\xA0[\x84-\x87][\x80-\xBF]|\xEF\xB8[\x80-\x8F]){8,}/
        $wm_magic = { F3 A0 87 ( A7 | A8 ) }

    condition:
        for any i in (1..#run) : (
            not $wm_magic in ((@run[i] - 4096) .. (@run[i] + 3))
        )
}
