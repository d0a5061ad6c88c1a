import { useState } from 'preact/hooks';
import { Link } from '../router.js';
import { resetPassword } from '../session.js';
import { Field } from '../ui/field.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { useForm } from '../use-form.js';

/**
 * The token of the mailed link (`/reset-password#token=…`), read once and taken out of the address bar: the fragment
 * never reaches a server, and once read it stays in this page's memory only.
 */
function takeTokenFromAddress(): string {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  return token;
}

export function ResetPasswordPage() {
  const [token] = useState(takeTokenFromAddress);
  const [password, setPassword] = useState('');
  const form = useForm(['newPassword']);
  const linkRefused = form.error !== null && /link/i.test(form.error);
  return (
    <main id="main" class="narrow">
      <PageTitle title="Choose a new password" />
      {!token ? (
        <div class="card">
          <Notice kind="error">
            <p>This page needs the link from the password-reset mail, and the address has no token.</p>
          </Notice>
          <p>
            Open the link from the mail again, or <Link href="/forgot-password">ask for a new one</Link>.
          </p>
        </div>
      ) : (
        <form class="card" onSubmit={(event) => form.submit(event, () => resetPassword(token, password))} noValidate>
          {form.error && (
            <Notice kind="error">
              <p>{form.error}</p>
              {linkRefused && (
                <p>
                  <Link href="/forgot-password">Ask for a new link</Link>
                </p>
              )}
            </Notice>
          )}
          <Field
            id="newPassword"
            label="New password"
            type="password"
            autocomplete="new-password"
            required
            value={password}
            onValue={setPassword}
            hint="At least 10 characters, mixing two of: lower case, upper case, digits, other characters."
            error={form.fields.newPassword}
          />
          <p class="muted small">Setting it signs you out everywhere else. API tokens keep working.</p>
          <button type="submit" class="button primary wide" disabled={form.busy}>
            {form.busy ? 'Setting…' : 'Set the password and sign in'}
          </button>
        </form>
      )}
    </main>
  );
}
