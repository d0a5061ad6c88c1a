import { VARIANT_CLASSES } from '../../../api/variant-classes.generated.js';
import type { PreviewCopiesResult } from '../api-types.js';
import { counted } from '../format.js';
import { Notice } from '../ui/notice.js';

// Visible variants on the Copies page (docs/TRACING.md, "Visible variants"): the option, and the preview of an issue
// (POST …/copies/preview: the sites, the capacity and each copy's differences) before anything is issued.

type Capacity = PreviewCopiesResult['variants'];

/** The most colluding recipients the code can be sized for (the server refuses more, naming the range). */
const MOST_COLLUDERS = 8;

export interface VariantsChoice {
  on: boolean;
  colluders: number;
  /** the classes turned on, by id, in the table's order */
  classes: readonly string[];
}

/** Variants off, sized for one leaker, the classes on that the CLI and the API turn on when none are named. */
export const DEFAULT_VARIANTS: VariantsChoice = {
  on: false,
  colluders: 1,
  classes: VARIANT_CLASSES.filter((choice) => choice.enabledByDefault).map((choice) => choice.id),
};

/** The issue's `variants` field for the choice: none when the option is off. */
export const variantsField = (choice: VariantsChoice) =>
  choice.on ? { variants: { collusion: choice.colluders, classes: [...choice.classes] } } : {};

/** Whether the choice can be sent: the server refuses variants with no class. */
export const variantsReady = (choice: VariantsChoice) => !choice.on || choice.classes.length > 0;

const titleOf = (id: string) => VARIANT_CLASSES.find((choice) => choice.id === id)?.title ?? id;

/** The choice with one class turned on or off, the classes kept in the table's order. */
const withClass = (choice: VariantsChoice, id: string, on: boolean): VariantsChoice => ({
  ...choice,
  classes: VARIANT_CLASSES.map((known) => known.id).filter((known) =>
    known === id ? on : choice.classes.includes(known),
  ),
});

/** A checkbox per class, with an example of its two forms. */
function ClassChoices({ choice, onChoice }: { choice: VariantsChoice; onChoice: (c: VariantsChoice) => void }) {
  return (
    <fieldset class="field">
      <legend>Classes to vary</legend>
      {VARIANT_CLASSES.map((known) => (
        <div key={known.id}>
          <label class="check">
            <input
              type="checkbox"
              name="copies-variant-class"
              value={known.id}
              checked={choice.classes.includes(known.id)}
              onChange={(event) => onChoice(withClass(choice, known.id, event.currentTarget.checked))}
            />
            {known.title}
          </label>
          <p class="hint">
            “{known.example[0]}” / “{known.example[1]}”
          </p>
        </div>
      ))}
      {choice.classes.length === 0 && <p class="hint">Turn on at least one class.</p>}
    </fieldset>
  );
}

export function VariantsOption({
  choice,
  onChoice,
}: {
  choice: VariantsChoice;
  onChoice: (c: VariantsChoice) => void;
}) {
  return (
    <fieldset class="field">
      <legend class="visually-hidden">Visible variants</legend>
      <label class="check">
        <input
          id="copies-variants"
          type="checkbox"
          checked={choice.on}
          onChange={(event) => onChoice({ ...choice, on: event.currentTarget.checked })}
        />
        Visible variants too
      </label>
      <p class="hint">
        Each copy also differs in small standard forms (toward/towards, the serial comma, an optional “that”), so a copy
        stripped of every invisible character, or a mix of several copies, still names its recipient. Preview the sites
        before issuing.
      </p>
      {choice.on && (
        <div class="field">
          <label for="copies-colluders">Recipients who might mix their copies</label>
          <input
            id="copies-colluders"
            type="number"
            min={1}
            max={MOST_COLLUDERS}
            value={choice.colluders}
            onInput={(event) => onChoice({ ...choice, colluders: Number(event.currentTarget.value) || 1 })}
          />
          <p class="hint">A leak made by up to this many recipients still names one of them; more needs more text.</p>
        </div>
      )}
      {choice.on && <ClassChoices choice={choice} onChoice={onChoice} />}
    </fieldset>
  );
}

/** What the variants can prove, in a sentence: the same numbers a preview, an issue and a refusal give. */
export function capacityText(capacity: Omit<Capacity, 'enough' | 'refusal'>): string {
  const against =
    capacity.collusion === 1 ? '' : `, ${capacity.needed} to name one of ${capacity.collusion} colluding recipients`;
  return (
    `${counted(capacity.sites, 'variant site', 'variant sites')} in ${capacity.words} words ` +
    `(${capacity.sites_per_thousand_words} per 1,000), ${capacity.positions} independent choices (bits). A leak ` +
    `must show about ${capacity.needed_for_one_leaker} of them to name a single leaker${against}; the chance of ` +
    `naming an innocent is at most ${capacity.false_accusation} a trace.`
  );
}

/** What each class turned on gives in this text: its sites, the classes without any last. */
export function sitesByClassText(preview: PreviewCopiesResult): string {
  const counts = preview.variants.classes.map((id) => ({
    title: titleOf(id),
    sites: preview.sites.filter((site) => site.class === id).length,
  }));
  const found = counts.filter((count) => count.sites > 0).map((count) => `${count.title} ${count.sites}`);
  const none = counts.filter((count) => count.sites === 0).map((count) => count.title);
  return (
    `Sites by class: ${found.length > 0 ? found.join(', ') : 'none'}.` +
    (none.length > 0 ? ` No site in this text: ${none.join(', ')}.` : '')
  );
}

/** The dry run: the capacity, whether an issue would be made, every site and each recipient's differences. */
export function VariantsPreview({ preview }: { preview: PreviewCopiesResult }) {
  const { variants } = preview;
  return (
    <section aria-labelledby="preview-title">
      <h3 id="preview-title">Preview of “{preview.document.name}”: nothing issued yet</h3>
      <p>{capacityText(variants)}</p>
      <p>{sitesByClassText(preview)}</p>
      {variants.enough ? (
        <Notice kind="ok">
          <p>Enough for {counted(preview.copies.length, 'recipient', 'recipients')}: an issue would be made.</p>
        </Notice>
      ) : (
        <Notice kind="error">
          <p>{variants.refusal}</p>
        </Notice>
      )}
      <details>
        <summary>{counted(preview.sites.length, 'site', 'sites')}</summary>
        <table class="stack">
          <caption class="visually-hidden">Variant sites of “{preview.document.name}”</caption>
          <thead>
            <tr>
              <th scope="col">Class</th>
              <th scope="col">Text</th>
              <th scope="col">Forms</th>
              <th scope="col">Choice</th>
            </tr>
          </thead>
          <tbody>
            {preview.sites.map((site) => (
              <tr key={site.start}>
                <td data-label="Class">{titleOf(site.class)}</td>
                <td data-label="Text" class="mono">
                  {site.text}
                </td>
                <td data-label="Forms" class="mono">
                  {site.forms.map((form) => `“${form}”`).join(' or ')}
                </td>
                <td data-label="Choice">{site.per_copy ? 'one per copy' : 'one here'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {preview.copies.map((copy) => (
        <details key={copy.recipient}>
          <summary>
            {copy.recipient}: {counted(copy.differences.length, 'difference', 'differences')}
          </summary>
          <ul>
            {copy.differences.map((difference) => (
              <li key={difference.start} class="mono">
                {difference.class}: “{difference.from}” → “{difference.to}”
              </li>
            ))}
          </ul>
        </details>
      ))}
      <p class="hint">
        The differences are one draw: an issue draws each copy’s own choices at these sites. The preview is free.
      </p>
    </section>
  );
}
