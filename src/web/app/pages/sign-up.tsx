import { signal } from '@preact/signals';
import { useState } from 'preact/hooks';
import { request } from '../api.js';
import { Link, navigate } from '../router.js';
import { Field } from '../ui/field.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { useForm } from '../use-form.js';
import { API_PATHS } from '../../../api/paths.js';

/** What the "check your mail" page says: the address and the server's message. Memory only. */
export const registration = signal<{ email: string; message: string } | null>(null);

export function SignUpPage() {
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const form = useForm(['email', 'username', 'password', 'firstName', 'lastName']);

  const register = async () => {
    const body = {
      email: email.trim(),
      username: username.trim(),
      password,
      ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
      ...(lastName.trim() ? { lastName: lastName.trim() } : {}),
    };
    const created = await request<{ message: string }>('POST', API_PATHS.register, { body });
    registration.value = { email: body.email, message: created.message };
    navigate('/signup/sent');
  };

  return (
    <main id="main" class="narrow">
      <PageTitle title="Create an account" />
      <form class="card" onSubmit={(event) => form.submit(event, register)} noValidate>
        {form.error && <Notice kind="error">{form.error}</Notice>}
        <Field
          id="email"
          label="Email"
          type="email"
          autocomplete="email"
          required
          value={email}
          onValue={setEmail}
          error={form.fields.email}
        />
        <Field
          id="username"
          label="Username"
          autocomplete="username"
          required
          value={username}
          onValue={setUsername}
          error={form.fields.username}
        />
        <Field
          id="password"
          label="Password"
          type="password"
          autocomplete="new-password"
          required
          value={password}
          onValue={setPassword}
          hint="At least 10 characters, mixing two of: lower case, upper case, digits, other characters."
          error={form.fields.password}
        />
        <div class="row">
          <Field
            id="firstName"
            label="First name (optional)"
            autocomplete="given-name"
            value={firstName}
            onValue={setFirstName}
            error={form.fields.firstName}
          />
          <Field
            id="lastName"
            label="Last name (optional)"
            autocomplete="family-name"
            value={lastName}
            onValue={setLastName}
            error={form.fields.lastName}
          />
        </div>
        <button type="submit" class="button primary wide" disabled={form.busy}>
          {form.busy ? 'Creating…' : 'Create account'}
        </button>
      </form>
      <p class="muted">
        Already registered? <Link href="/signin">Sign in</Link>.
      </p>
    </main>
  );
}
