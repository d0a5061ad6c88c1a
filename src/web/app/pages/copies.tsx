import { useState } from 'preact/hooks';
import { TokenField } from '../../checker/token-field.js';
import { downloadBlob, downloadText } from '../../checker/text-file.js';
import { TextInput } from '../../checker/text-input.js';
import { checkerTokenId, hasServerCredential } from '../../checker/watermark-api.js';
import { ApiError } from '../api.js';
import type { IssueCopiesResult, ListCopiesResult, PreviewCopiesResult, TraceResult } from '../api-types.js';
import { counted, formatDateTime } from '../format.js';
import { Link } from '../router.js';
import { api } from '../session.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { IssueBlockers, useIssueBlockers } from '../ui/issue-blockers.js';
import { storedZip } from '../zip.js';
import {
  capacityText,
  DEFAULT_VARIANTS,
  variantsField,
  VariantsOption,
  VariantsPreview,
  variantsReady,
  type VariantsChoice,
} from './copies-variants.js';
import { API_PATHS, pathWith } from '../../../api/paths.js';

/** The copies operations as the picked token, with the session (POST/GET /api/v2/tokens/:tokenId/copies…). */
const copiesRequest = <T,>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> =>
  api<T>(method, `${pathWith(API_PATHS.tokenCopies, { tokenId: checkerTokenId.value })}${path}`, { body });

const failureText = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : 'The server could not be reached.';

function downloadZip(issued: IssueCopiesResult): void {
  const archive = storedZip(issued.copies.map((copy) => ({ name: copy.file_name, text: copy.text })));
  downloadBlob(
    new Blob([archive], { type: 'application/zip' }),
    `${issued.document.name.replace(/\.[^.]*$/, '')}-copies.zip`,
  );
}

function IssueSection({ onIssued, blocked }: { onIssued: () => void; blocked: boolean }) {
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [recipients, setRecipients] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<IssueCopiesResult | null>(null);
  const [variants, setVariants] = useState<VariantsChoice>(DEFAULT_VARIANTS);
  const [preview, setPreview] = useState<PreviewCopiesResult | null>(null);
  const body = () => ({
    text,
    recipients: recipients
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    ...(name ? { name } : {}),
    ...variantsField(variants),
  });
  const request = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: Event) => {
    event.preventDefault();
    return request(async () => {
      setIssued(await copiesRequest<IssueCopiesResult>('POST', '', body()));
      setPreview(null);
      onIssued();
    });
  };
  const showPreview = () =>
    request(async () => setPreview(await copiesRequest<PreviewCopiesResult>('POST', '/preview', body())));
  return (
    <section class="card" aria-labelledby="issue-title">
      <h2 id="issue-title">Issue copies</h2>
      <p class="small muted">
        Each recipient gets a copy marked with its own random copy id (never their name), sealed with your account's
        copy key. Each copy uses one credit.
      </p>
      <form onSubmit={submit}>
        <TextInput
          id="copies-text"
          label="Document"
          value={text}
          onValue={setText}
          onFile={(fileName) => setName((current) => current || fileName)}
          fileNote="or drop one here."
        />
        <div class="field">
          <label for="copies-name">Name</label>
          <input id="copies-name" type="text" value={name} onInput={(event) => setName(event.currentTarget.value)} />
        </div>
        <div class="field">
          <label for="copies-recipients">Recipients, one a line</label>
          <textarea
            id="copies-recipients"
            rows={5}
            value={recipients}
            onInput={(event) => setRecipients(event.currentTarget.value)}
          />
        </div>
        <VariantsOption
          choice={variants}
          onChoice={(choice) => {
            setVariants(choice);
            setPreview(null);
          }}
        />
        <div class="actions">
          {variants.on && (
            <button
              type="button"
              class="button"
              disabled={busy || blocked || !variantsReady(variants) || !hasServerCredential()}
              onClick={() => void showPreview()}
            >
              Preview
            </button>
          )}
          <button
            type="submit"
            class="button"
            disabled={busy || blocked || !variantsReady(variants) || !hasServerCredential()}
          >
            {busy ? 'Working…' : 'Issue copies'}
          </button>
        </div>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {preview && <VariantsPreview preview={preview} />}
      {issued && (
        <div>
          <p>
            {counted(issued.copies.length, 'copy', 'copies')} of “{issued.document.name}”.{' '}
            {issued.document.variants && `With visible variants: ${capacityText(issued.document.variants)} `}
            <button type="button" class="button small" onClick={() => downloadZip(issued)}>
              Download all (zip)
            </button>
          </p>
          <ul>
            {issued.copies.map((copy) => (
              <li key={copy.copy_id}>
                {copy.recipient} <span class="muted small">copy {copy.copy_id}</span>{' '}
                <button type="button" class="button small" onClick={() => downloadText(copy.text, copy.file_name)}>
                  Download
                </button>
              </li>
            ))}
          </ul>
          <p class="hint">{NOT_KEPT}</p>
        </div>
      )}
    </section>
  );
}

const NOT_KEPT =
  'The server keeps who got which copy, never the copies themselves: download them now. To give someone their copy ' +
  'again, send the file you downloaded, or issue them a new one (a new copy id; the old one still traces).';

const percent = (share: number) => `${Math.round(share * 1000) / 10} %`;

function TraceSection() {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<TraceResult | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setResult(await copiesRequest<TraceResult>('POST', '/trace', { text }));
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card" aria-labelledby="trace-title">
      <h2 id="trace-title">Trace a leak</h2>
      <form onSubmit={submit}>
        <div class="field">
          <label for="trace-text">Leaked text</label>
          <textarea id="trace-text" rows={6} value={text} onInput={(event) => setText(event.currentTarget.value)} />
          <p class="hint">Needs the decode permission; one credit a trace, none when the text is too short to tell.</p>
        </div>
        <button type="submit" class="button" disabled={busy || !text || !hasServerCredential()}>
          {busy ? 'Tracing…' : 'Trace'}
        </button>
      </form>
      {error && <Notice kind="error">{error}</Notice>}
      {result && (
        <Notice kind={result.verdict === 'recipient' ? 'ok' : 'info'}>
          <p>{result.message}</p>
          <ul>
            {result.recipients.map((found) => (
              <li key={found.copy_id}>
                <strong>{found.recipient}</strong> — copy {found.copy_id} of “{found.document.name}”:{' '}
                {found.evidence.vs_frames} keyed {found.evidence.vs_frames === 1 ? 'frame' : 'frames'}
                {found.evidence.robust.map(
                  (mark) => `; robust mark, ${mark.copies_agreeing} of ${mark.copies_found} copies agree`,
                )}
              </li>
            ))}
            {result.documents.map((match) => (
              <li key={match.document.id}>
                “{match.document.name}”: {percent(match.similarity)} of the text found in it, covering{' '}
                {percent(match.coverage)} of it
              </li>
            ))}
            {result.unconfirmed.map((mark) => (
              <li key={`mark-${mark.document.id}`}>
                the mark of a copy of “{mark.document.name}”, in a text that shares {mark.shared_hashes} of the{' '}
                {mark.needed_hashes} passages of it needed to confirm the mark: it names no one
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </section>
  );
}

function DocumentsSection({ version }: { version: number }) {
  const [list, setList] = useState<ListCopiesResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<ListCopiesResult['documents'][number] | null>(null);
  const load = async () => {
    setError(null);
    try {
      setList(await copiesRequest<ListCopiesResult>('GET', ''));
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  const show = async (id: string) => {
    setError(null);
    try {
      const one = await copiesRequest<ListCopiesResult>('GET', `?document_id=${encodeURIComponent(id)}`);
      setOpen(one.documents[0] ?? null);
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return (
    <section class="card" aria-labelledby="documents-title">
      <div class="page-head">
        <h2 id="documents-title">Issued documents</h2>
        <button type="button" class="button small" disabled={!hasServerCredential()} onClick={() => void load()}>
          {list ? 'Refresh' : 'Show'}
        </button>
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      {list && list.documents.length === 0 && <p class="muted">No copies issued yet.</p>}
      {list && list.documents.length > 0 && (
        <ul key={version}>
          {list.documents.map((document) => (
            <li key={document.id}>
              <button
                type="button"
                class="link-button"
                aria-expanded={open?.id === document.id}
                onClick={() => void show(document.id)}
              >
                “{document.name}”
              </button>{' '}
              — {counted(document.copies, 'copy', 'copies')}, {formatDateTime(document.created_at)}
              {open?.id === document.id && open.recipients && (
                <table class="stack">
                  <caption class="visually-hidden">Copies of “{document.name}”</caption>
                  <thead>
                    <tr>
                      <th scope="col">Recipient</th>
                      <th scope="col">Copy id</th>
                      <th scope="col">Issued</th>
                    </tr>
                  </thead>
                  <tbody>
                    {open.recipients.map((copy) => (
                      <tr key={copy.copy_id}>
                        <td data-label="Recipient">{copy.recipient}</td>
                        <td data-label="Copy id" class="mono">
                          {copy.copy_id}
                        </td>
                        <td data-label="Issued">{formatDateTime(copy.issued_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ul>
      )}
      {list && list.documents.length > 0 && <p class="hint">{NOT_KEPT}</p>}
    </section>
  );
}

export function CopiesPage() {
  const [version, setVersion] = useState(0);
  const blockers = useIssueBlockers();
  return (
    <main id="main">
      <PageTitle title="Copies">
        <p>
          Give each recipient a differently marked copy of a document; when one turns up where it should not, trace it
          back to whose copy it was.
        </p>
      </PageTitle>
      <Notice kind="info">
        <p>
          Copies need a verified email address and an <Link href="/tokens">API token</Link> of yours that may encode (to
          issue) and decode (to trace); each copy uses one credit. No channel is needed: copies are sealed with your
          account's own copy key.
        </p>
      </Notice>
      <IssueBlockers blockers={blockers} />
      <TokenField need="encode" channels={false} />
      <IssueSection onIssued={() => setVersion((n) => n + 1)} blocked={blockers.length > 0} />
      <TraceSection />
      <DocumentsSection version={version} />
    </main>
  );
}
