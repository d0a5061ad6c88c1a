import { useMemo, useState } from 'preact/hooks';
import { findC2paWrappers, withoutC2paWrappers } from 'wm-watermark-codec/c2pa';
import { ApiError } from '../app/api.js';
import type { WatermarkEndpoints } from '../app/api-types.js';
import { Field } from '../app/ui/field.js';
import { Notice } from '../app/ui/notice.js';
import { ContentCredentials } from './content-credentials.js';
import { MadeText } from './result-actions.js';
import { useSubmission, type Failure } from './submission.js';
import { visibleSecret } from './secret-text.js';
import { TextInput } from './text-input.js';
import { TokenField } from './token-field.js';
import { hasServerCredential, watermarkRequest } from './watermark-api.js';

type SignBody = WatermarkEndpoints['c2pa-sign']['body'];
type Signed = WatermarkEndpoints['c2pa-sign']['answer'];
type Action = NonNullable<SignBody['action']>;
type SourceType = NonNullable<SignBody['source_type']>;

/** The actions the server's row takes (a compile error here when it takes another), as a reader would say them. */
const ACTIONS: Record<Action, string> = {
  published: 'published',
  edited: 'edited',
  translated: 'translated',
  summarized: 'summarized',
};
const SOURCE_TYPES: Record<SourceType, string> = {
  digitalCreation: 'written by a person (digitalCreation)',
  humanEdits: 'edited by a person (humanEdits)',
  trainedAlgorithmicMedia: 'written by a model (trainedAlgorithmicMedia)',
  compositeWithTrainedAlgorithmicMedia: 'partly written by a model (compositeWithTrainedAlgorithmicMedia)',
  algorithmicallyEnhanced: 'improved by software (algorithmicallyEnhanced)',
};

/** The fields a server refusal may name, each shown at its input; any other goes in the notice. */
const FIELDS = ['text', 'title'] as const;

function signFailure(failure: unknown): Failure {
  if (!(failure instanceof ApiError)) return { message: 'Something went wrong while signing.' };
  const fields = failure.fields;
  return { fields, message: FIELDS.some((field) => fields[field]) ? undefined : failure.message };
}

/**
 * Sign a text with Content Credentials (a C2PA manifest) on the server, with the certificate of the picked token's
 * channel: the server holds the signing key, the page never does. The signed text comes back verified here, by the
 * same card the Check tab shows.
 */
export function SignPanel({ onCheck }: { onCheck: (text: string) => void }) {
  const [text, setText] = useState('');
  const [action, setAction] = useState<Action | ''>('published');
  const [sourceType, setSourceType] = useState<SourceType>('digitalCreation');
  const [title, setTitle] = useState('');
  const { result: signed, errors, error, busy, changed, submit } = useSubmission<Signed>(signFailure);
  const wrappers = useMemo(() => findC2paWrappers(text).length, [text]);

  const run = (event: Event) => {
    event.preventDefault();
    void submit(() =>
      watermarkRequest('c2pa-sign', {
        text,
        source_type: sourceType,
        ...(action === '' ? {} : { action }),
        ...(title.trim() === '' ? {} : { title: title.trim() }),
      }),
    );
  };

  return (
    <form onSubmit={run} noValidate>
      <p class="hint">
        The text is sent to this server, which signs it with the C2PA certificate of your token’s channel (its key never
        leaves the server) and charges it as an encode. Readers’ C2PA tools then see who signed it.
      </p>
      <TextInput
        id="sign-text"
        label="Text to sign"
        value={text}
        onValue={changed(setText)}
        error={errors.text}
        hint="Mark it first if it is to carry a watermark: marks added after signing break the signature."
        rows={6}
      />
      {wrappers > 0 && <AlreadySigned onRemove={() => changed(setText)(withoutC2paWrappers(text))} />}
      <div class="row">
        <div class="field">
          <label for="sign-action">Action</label>
          <select
            id="sign-action"
            value={action}
            onChange={(event) => changed(setAction)(event.currentTarget.value as Action | '')}
            aria-describedby="sign-action-hint"
          >
            <option value="">none (created only)</option>
            {Object.entries(ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <p class="hint" id="sign-action-hint">
            Declared after <code>c2pa.created</code>.
          </p>
        </div>
        <div class="field">
          <label for="sign-source-type">How the text was made</label>
          <select
            id="sign-source-type"
            value={sourceType}
            onChange={(event) => changed(setSourceType)(event.currentTarget.value as SourceType)}
          >
            {Object.entries(SOURCE_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Field id="sign-title" label="Title (optional)" value={title} onValue={changed(setTitle)} error={errors.title} />
      <fieldset>
        <legend>Signed by</legend>
        <TokenField need="c2pa-sign" />
      </fieldset>
      {error && <Notice kind="error">{error}</Notice>}
      <button type="submit" class="button primary" disabled={busy || wrappers > 0 || !hasServerCredential()}>
        {busy ? 'Signing…' : 'Sign with Content Credentials'}
      </button>
      {signed && <SignedText signed={signed} onCheck={onCheck} />}
    </form>
  );
}

/**
 * The server refuses a text that carries a manifest (a second one makes readers reject both): the order of
 * operations is to remove it, change the text if need be, and sign again.
 */
function AlreadySigned({ onRemove }: { onRemove: () => void }) {
  return (
    <Notice kind="warn">
      <p id="sign-already-signed">
        This text already carries Content Credentials. A second manifest would make readers reject both
        (manifest.text.multipleWrappers): remove it to sign the text again.
      </p>
      <button type="button" class="button" onClick={onRemove}>
        Remove its Content Credentials
      </button>
    </Notice>
  );
}

function SignedText({ signed, onCheck }: { signed: Signed; onCheck: (text: string) => void }) {
  const algorithm = signed.algorithm === 'es256' ? 'ES256' : 'Ed25519';
  return (
    <>
      <MadeText
        id="signed"
        title="Signed text"
        text={signed.text}
        fileName="signed.txt"
        what="signed text"
        onCheck={onCheck}
      >
        Signed by <bdi>{visibleSecret(signed.signer)}</bdi> (issued by <bdi>{visibleSecret(signed.issuer)}</bdi>),{' '}
        {algorithm}; a manifest of {signed.bytes} bytes
        {signed.soft_binding ? ' that names the text’s wm watermark' : ''}.
      </MadeText>
      <ContentCredentials text={signed.text} />
    </>
  );
}
