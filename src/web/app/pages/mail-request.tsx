import { useState } from 'preact/hooks';
import { request } from '../api.js';
import { Link } from '../router.js';
import { Field } from '../ui/field.js';
import { KeptMailNote } from '../ui/kept-mail.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { useForm } from '../use-form.js';
import { API_PATHS } from '../../../api/paths.js';

interface MailRequestProps {
  title: string;
  intro: string;
  /** the API route that mails the link */
  path: typeof API_PATHS.forgotPassword | typeof API_PATHS.resendVerification;
  submitLabel: string;
  /** what the operator can run instead, for an address */
  command: (email: string) => string;
}

/**
 * Asks the server to mail a link. Its answer is the same for every address (it does not tell which have accounts),
 * so the page shows that answer as it is.
 */
function MailRequestPage({ title, intro, path, submitLabel, command }: MailRequestProps) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const form = useForm(['email']);
  const ask = async () => {
    const address = email.trim();
    const answer = await request<{ message: string }>('POST', path, { body: { email: address } });
    setSent({ email: address, message: answer.message });
  };
  return (
    <main id="main" class="narrow">
      <PageTitle title={title} />
      {sent ? (
        <div class="card">
          <Notice kind="ok">
            <p>{sent.message}</p>
          </Notice>
          <KeptMailNote command={command(sent.email)} />
          <Link class="button primary" href="/signin">
            Back to sign in
          </Link>
        </div>
      ) : (
        <form class="card" onSubmit={(event) => form.submit(event, ask)} noValidate>
          <p>{intro}</p>
          {form.error && <Notice kind="error">{form.error}</Notice>}
          <Field
            id="email"
            label="Email"
            type="email"
            autocomplete="username"
            required
            value={email}
            onValue={setEmail}
            error={form.fields.email}
          />
          <button type="submit" class="button primary wide" disabled={form.busy}>
            {form.busy ? 'Sending…' : submitLabel}
          </button>
        </form>
      )}
      <p class="muted">
        Remembered it? <Link href="/signin">Sign in</Link>.
      </p>
    </main>
  );
}

export function ForgotPasswordPage() {
  return (
    <MailRequestPage
      title="Forgot your password?"
      intro={
        'Give the address you signed up with: we mail you a link to choose a new password. ' +
        'It works once, within an hour.'
      }
      path={API_PATHS.forgotPassword}
      submitLabel="Mail me a link"
      command={(email) => `wm users passwd ${email}`}
    />
  );
}

export function ResendVerificationPage() {
  return (
    <MailRequestPage
      title="Verify your address again"
      intro={
        'Lost the verification mail, or its link expired? ' +
        'Give the address you signed up with and we mail a new link.'
      }
      path={API_PATHS.resendVerification}
      submitLabel="Mail a new link"
      command={(email) => `wm users verify ${email}`}
    />
  );
}
