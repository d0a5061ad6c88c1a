import { useState } from 'preact/hooks';
import { signIn, signInNotice } from '../session.js';
import { Link } from '../router.js';
import { Field } from '../ui/field.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { useForm } from '../use-form.js';

export function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useForm(['email', 'password']);
  const notice = signInNotice.value;
  return (
    <main id="main" class="narrow">
      <PageTitle title="Sign in">
        <p class="intro">
          wm hides a short secret in ordinary text with invisible characters, and reads it back from a copy. Sign in to
          manage your API tokens and credits, or try the <Link href="/check">checker</Link>: no account needed.
        </p>
      </PageTitle>
      {notice && <Notice kind="info">{notice}</Notice>}
      <form class="card" onSubmit={(event) => form.submit(event, () => signIn(email.trim(), password))} noValidate>
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
        <Field
          id="password"
          label="Password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onValue={setPassword}
          error={form.fields.password}
        />
        <p class="field-aside">
          <Link href="/forgot-password">Forgot your password?</Link>
        </p>
        <button type="submit" class="button primary wide" disabled={form.busy}>
          {form.busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p class="muted">
        No account yet? <Link href="/signup">Create one</Link>. The verification mail never came or expired?{' '}
        <Link href="/verify-email/resend">Send it again</Link>.
      </p>
    </main>
  );
}
