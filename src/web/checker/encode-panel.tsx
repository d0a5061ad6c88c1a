import { useState } from 'preact/hooks';
import { ApiError } from '../app/api.js';
import { formatNumber } from '../app/format.js';
import { Field } from '../app/ui/field.js';
import { Notice } from '../app/ui/notice.js';
import {
  DISTRIBUTIONS,
  METHODS,
  OUTPUT_MODES,
  STEALTH_LEVELS,
  encode,
  encodeRobust,
  isCodecError,
  type Distribution,
  type Method,
  type OutputMode,
  type StealthLevel,
} from './codec.js';
import { characterCount } from './characters.js';
import { MadeText } from './result-actions.js';
import { useSubmission, type Failure } from './submission.js';
import { TextInput } from './text-input.js';
import { TokenField } from './token-field.js';
import { sessionState } from '../app/session.js';
import { hasServerCredential, pickedToken, watermarkRequest } from './watermark-api.js';

type Family = 'vs' | 'robust';

const METHOD_HELP: Record<Method, string> = {
  auto: 'one word: char; several words: chunked with the smallest chunk that fits',
  single: 'one byte after each character',
  chunked: 'a fixed number of bytes after each character',
  char: 'the whole secret inside the first word',
  pattern: 'the marks inside a phrase you choose',
};

interface Made {
  text: string;
  summary: string;
}

/** The options of one encoding, as both the codec and the API take them. */
interface Options {
  family: Family;
  method: Method;
  chunkSize: string;
  firstLetterOnly: boolean;
  pattern: string;
  output: OutputMode;
  distribution: Distribution;
  stealth: StealthLevel;
}

function encodeHere(text: string, secret: string, options: Options): Made {
  if (options.family === 'robust') {
    const seed = crypto.getRandomValues(new Uint32Array(1))[0];
    const made = encodeRobust(text, secret, {
      distribution: options.distribution,
      stealthLevel: options.stealth,
      seed,
    });
    const { watermarkBitCount, distribution, stealthLevel } = made.stats;
    const summary = `${formatNumber(watermarkBitCount)} marks, ${distribution}, ${stealthLevel}`;
    return { text: made.watermarked, summary };
  }
  const made = encode(text, secret, vsOptions(options));
  return {
    text: made.encoded,
    summary: `method ${made.stats.method}${made.stats.chunkSize ? `, ${bytesPerCharacter(made.stats.chunkSize)}` : ''}`,
  };
}

const bytesPerCharacter = (size: number) => `${size} byte${size === 1 ? '' : 's'} a character`;

function vsOptions(options: Options) {
  return {
    method: options.method,
    output: options.output,
    ...(options.method === 'chunked' ? { chunkSize: Number(options.chunkSize) } : {}),
    ...(options.method === 'char' ? { firstLetterOnly: options.firstLetterOnly } : {}),
    ...(options.method === 'pattern' ? { pattern: options.pattern } : {}),
  };
}

/** The server's answer says what it did: signed (with which key, bound to the text or not), encrypted or not. */
interface ServerMade {
  keyed: boolean;
  signature?: { key_id: string; text_bound: boolean };
}

function describeServerMark({ keyed, signature }: ServerMade): string {
  const signed = signature
    ? `signed with key ${signature.key_id}${signature.text_bound ? ', bound to the visible text' : ''}, `
    : '';
  if (keyed) return `${signed}encrypted with the channel key`;
  return signature ? `${signed}not encrypted: anyone can read it and check the signature` : 'unkeyed';
}

async function encodeOnServer(text: string, secret: string, options: Options, bindText: boolean): Promise<Made> {
  const signing = bindText ? { bind_text: true } : {};
  if (options.family === 'robust') {
    const made = await watermarkRequest('encode-robust', {
      text,
      secret,
      distribution: options.distribution,
      stealth_level: options.stealth,
      ...signing,
    });
    return { text: made.watermarked, summary: describeServerMark(made) };
  }
  const made = await watermarkRequest('encode', {
    text,
    secret,
    ...vsOptions(options),
    ...signing,
  });
  return { text: made.encoded, summary: `method ${made.stats.method}, ${describeServerMark(made)}` };
}

function encodeFailure(failure: unknown): Failure {
  if (isCodecError(failure)) {
    const field =
      failure.code === 'PATTERN_NOT_FOUND' ? 'pattern' : failure.code === 'CARRIER_TOO_SHORT' ? 'text' : null;
    return field ? { fields: { [field]: failure.message } } : { message: failure.message };
  }
  if (!(failure instanceof ApiError)) return { message: 'Something went wrong while encoding.' };
  const fields = failure.fields;
  const atAField = fields.text || fields.secret || fields.pattern || fields.chunkSize || fields.bind_text;
  return { fields, message: atAField ? undefined : failure.message };
}

export function EncodePanel({ onCheck }: { onCheck: (text: string) => void }) {
  const [text, setText] = useState('');
  const [secret, setSecret] = useState('');
  const [onServer, setOnServer] = useState(false);
  const [bindText, setBindText] = useState(false);
  const [options, setOptions] = useState<Options>({
    family: 'vs',
    method: 'auto',
    chunkSize: '1',
    firstLetterOnly: false,
    pattern: '',
    output: 'full',
    distribution: 'even',
    stealth: 'standard',
  });
  const { result: made, errors, error, busy, changed, submit } = useSubmission<Made>(encodeFailure);
  const set = <K extends keyof Options>(key: K, value: Options[K]) =>
    changed(setOptions)((current: Options) => ({ ...current, [key]: value }));

  const run = (event: Event) => {
    event.preventDefault();
    void submit(() =>
      onServer
        ? encodeOnServer(text, secret, options, bindText && bindTextOffered())
        : encodeHere(text, secret, options),
    );
  };
  const added = made ? formatNumber(characterCount(made.text) - characterCount(text)) : '';

  return (
    <form onSubmit={run} noValidate>
      <TextInput
        id="encode-text"
        label="Text to carry the secret"
        value={text}
        onValue={changed(setText)}
        error={errors.text}
        rows={6}
      />
      <Field
        id="encode-secret"
        label="Secret to hide"
        value={secret}
        onValue={changed(setSecret)}
        error={errors.secret}
        autocomplete="off"
        spellcheck={false}
      />
      <fieldset>
        <legend>Kind of watermark</legend>
        <label class="check">
          <input type="radio" name="family" checked={options.family === 'vs'} onChange={() => set('family', 'vs')} />
          Variation selectors — compact, any length of text
        </label>
        <label class="check">
          <input
            type="radio"
            name="family"
            checked={options.family === 'robust'}
            onChange={() => set('family', 'robust')}
          />
          Robust — one bit a character, survives cutting and editing (needs 8 characters a secret byte)
        </label>
      </fieldset>
      {options.family === 'vs' ? (
        <VsOptions options={options} set={set} errors={errors} />
      ) : (
        <RobustOptions options={options} set={set} />
      )}
      <fieldset>
        <legend>Where</legend>
        <label class="check">
          <input type="radio" name="where" checked={!onServer} onChange={() => changed(setOnServer)(false)} />
          In this browser — unkeyed, free, nothing is sent
        </label>
        <label class="check">
          <input type="radio" name="where" checked={onServer} onChange={() => changed(setOnServer)(true)} />
          On this server with an API token — keyed when the token has a channel; uses credits
        </label>
        {onServer && <TokenField need="encode" />}
        {onServer && <BindText checked={bindText} onChange={changed(setBindText)} error={errors.bind_text} />}
      </fieldset>
      {error && <Notice kind="error">{error}</Notice>}
      <button type="submit" class="button primary" disabled={busy || (onServer && !hasServerCredential())}>
        {busy ? 'Encoding…' : 'Hide the secret'}
      </button>
      {made && (
        <MadeText
          id="encoded"
          title="Marked text"
          text={made.text}
          fileName="marked.txt"
          what="marked text"
          onCheck={onCheck}
        >
          Done: {made.summary}. It looks exactly like the original; {added} invisible characters were added.
        </MadeText>
      )}
    </form>
  );
}

const bindTextOffered = (): boolean => (sessionState.value === 'signed-in' ? pickedToken.value?.sign === true : true);

/**
 * Bind the visible text to the signature: offered with a token that signs (signed in, the picked token says so;
 * a pasted token's kind is not known here, and the server refuses bind_text for one that does not sign).
 */
function BindText({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  error?: string;
}) {
  if (!bindTextOffered()) return null;
  const picked = sessionState.value === 'signed-in' ? pickedToken.value : undefined;
  return (
    <div class="field">
      <label class="check">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-describedby="bind-text-hint"
        />
        Sign the visible text too
      </label>
      <p class="hint" id="bind-text-hint">
        The signature then also covers the words, so a reader’s checker tells an edited text from the one you signed
        {picked ? '' : ' (needs a token that signs)'}.
      </p>
      {error && <p class="field-error">{error}</p>}
    </div>
  );
}

type Setter = <K extends keyof Options>(key: K, value: Options[K]) => void;

function Select<T extends string>({
  id,
  label,
  value,
  values,
  onChange,
  hint,
}: {
  id: string;
  label: string;
  value: T;
  values: readonly T[];
  onChange: (value: T) => void;
  hint?: string;
}) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as T)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        {values.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {hint && (
        <p class="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

function VsOptions({ options, set, errors }: { options: Options; set: Setter; errors: Record<string, string> }) {
  return (
    <div class="row">
      <Select
        id="encode-method"
        label="Method"
        value={options.method}
        values={METHODS}
        onChange={(value) => set('method', value)}
        hint={METHOD_HELP[options.method]}
      />
      {options.method === 'chunked' && (
        <Field
          id="encode-chunk-size"
          label="Bytes per character"
          type="number"
          min={1}
          value={options.chunkSize}
          onValue={(value) => set('chunkSize', value)}
          error={errors.chunkSize}
        />
      )}
      {options.method === 'pattern' && (
        <Field
          id="encode-pattern"
          label="Pattern"
          value={options.pattern}
          onValue={(value) => set('pattern', value)}
          hint="A phrase of the text; the marks go inside its first occurrence."
          error={errors.pattern}
        />
      )}
      {options.method === 'char' && (
        <label class="check">
          <input
            type="checkbox"
            checked={options.firstLetterOnly}
            onChange={(event) => set('firstLetterOnly', event.currentTarget.checked)}
          />
          First letter only
        </label>
      )}
      <Select
        id="encode-output"
        label="Output"
        value={options.output}
        values={OUTPUT_MODES}
        onChange={(value) => set('output', value)}
        hint={options.output === 'tokens' ? 'only the characters that carry marks' : 'the whole text'}
      />
    </div>
  );
}

function RobustOptions({ options, set }: { options: Options; set: Setter }) {
  return (
    <div class="row">
      <Select
        id="encode-distribution"
        label="Distribution"
        value={options.distribution}
        values={DISTRIBUTIONS}
        onChange={(value) => set('distribution', value)}
        hint="where the marked characters sit among the carriers"
      />
      <Select
        id="encode-stealth"
        label="Stealth level"
        value={options.stealth}
        values={STEALTH_LEVELS}
        onChange={(value) => set('stealth', value)}
        hint="high: no visible pattern in mark values; maximum: also letters only"
      />
    </div>
  );
}
