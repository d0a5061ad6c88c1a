import { useState } from 'preact/hooks';
import type { User } from '../api-types.js';
import { planName } from '../format.js';
import { adoptAccessToken, api, currentUser, signOut } from '../session.js';
import { Field } from '../ui/field.js';
import { KeptMailNote } from '../ui/kept-mail.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { SendAgain } from '../ui/send-again.js';
import { useForm } from '../use-form.js';
import { API_PATHS } from '../../../api/paths.js';

export function ProfilePage() {
  const user = currentUser.value!;
  return (
    <main id="main">
      <PageTitle title="Profile">
        <p>
          {user.email} · {user.email_verified ? 'verified' : 'not verified'} · {planName(user.plan)} plan
        </p>
      </PageTitle>
      <EmailState user={user} />
      <div class="two-columns">
        <NamesForm user={user} />
        <PasswordForm />
      </div>
      <section class="card" aria-labelledby="signout-title">
        <h2 id="signout-title">Sign out</h2>
        <p>Ends this browser's session. API tokens are not affected.</p>
        <button type="button" class="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </section>
    </main>
  );
}

/** Whether the address is confirmed, and while it is not, what that means and how to finish it. */
function EmailState({ user }: { user: User }) {
  return (
    <section class="card" aria-labelledby="email-title">
      <h2 id="email-title">Email address</h2>
      {user.email_verified ? (
        <p>
          <strong>{user.email}</strong> is verified: watermark operations are allowed.
        </p>
      ) : (
        <>
          <p>
            <strong>{user.email}</strong> is not verified yet. Watermark operations are refused, and a channel's keys
            are not published, until you open the link mailed to it.
          </p>
          <KeptMailNote command={`wm users verify ${user.email}`} />
          <SendAgain email={user.email} />
        </>
      )}
    </section>
  );
}

function NamesForm({ user }: { user: User }) {
  const [username, setUsername] = useState(user.username);
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [saved, setSaved] = useState(false);
  const form = useForm(['username', 'firstName', 'lastName']);
  const save = async () => {
    setSaved(false);
    const body = { username: username.trim(), firstName: firstName.trim(), lastName: lastName.trim() };
    const updated = await api<{ user: User }>('PUT', API_PATHS.profile, { body });
    currentUser.value = updated.user;
    setSaved(true);
  };
  return (
    <form class="card" aria-labelledby="names-title" onSubmit={(event) => form.submit(event, save)} noValidate>
      <h2 id="names-title">Names</h2>
      {saved && <Notice kind="ok">Profile saved.</Notice>}
      {form.error && <Notice kind="error">{form.error}</Notice>}
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
        id="firstName"
        label="First name"
        autocomplete="given-name"
        value={firstName}
        onValue={setFirstName}
        hint="Leave empty to remove it."
        error={form.fields.firstName}
      />
      <Field
        id="lastName"
        label="Last name"
        autocomplete="family-name"
        value={lastName}
        onValue={setLastName}
        hint="Leave empty to remove it."
        error={form.fields.lastName}
      />
      <button type="submit" class="button primary" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [changed, setChanged] = useState(false);
  const form = useForm(['currentPassword', 'newPassword']);
  const change = async () => {
    setChanged(false);
    const result = await api<{ message: string; accessToken?: string }>('PUT', API_PATHS.password, {
      body: { currentPassword, newPassword },
    });
    setCurrentPassword('');
    setNewPassword('');
    if (result.accessToken) {
      // the server keeps this session going with a fresh token and ends the others
      adoptAccessToken(result.accessToken);
      setChanged(true);
      return;
    }
    // the server ended every session, this one included
    await signOut('Your password was changed and every session was signed out. Sign in with the new password.');
  };
  return (
    <form class="card" aria-labelledby="password-title" onSubmit={(event) => form.submit(event, change)} noValidate>
      <h2 id="password-title">Password</h2>
      <p class="muted small">
        Changing it signs out every other browser and device signed in to this account. API tokens keep working.
      </p>
      {changed && <Notice kind="ok">Password changed. Other sessions have been signed out.</Notice>}
      {form.error && <Notice kind="error">{form.error}</Notice>}
      <Field
        id="currentPassword"
        label="Current password"
        type="password"
        autocomplete="current-password"
        required
        value={currentPassword}
        onValue={setCurrentPassword}
        error={form.fields.currentPassword}
      />
      <Field
        id="newPassword"
        label="New password"
        type="password"
        autocomplete="new-password"
        required
        value={newPassword}
        onValue={setNewPassword}
        hint="At least 10 characters, mixing two of: lower case, upper case, digits, other characters."
        error={form.fields.newPassword}
      />
      <button type="submit" class="button primary" disabled={form.busy}>
        {form.busy ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}
