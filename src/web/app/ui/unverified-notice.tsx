import { useEffect } from 'preact/hooks';
import type { User } from '../api-types.js';
import { Link } from '../router.js';
import { api, currentUser, sessionState } from '../session.js';
import { Notice } from './notice.js';
import { SendAgain } from './send-again.js';
import { API_PATHS } from '../../../api/paths.js';

/** Reads the account again (the address may have been verified in another tab or on another device). */
export async function refreshUser(): Promise<void> {
  const { user } = await api<{ user: User }>('GET', API_PATHS.profile);
  currentUser.value = user;
}

/**
 * Above every page of a signed-in account whose address is not verified yet: watermark operations are refused until
 * it is, and the account should hear that before an operation fails, with the link to send again at hand. Gone as
 * soon as the address is verified (this page asks again whenever the window comes back into focus).
 */
export function UnverifiedNotice() {
  const user = currentUser.value;
  if (sessionState.value !== 'signed-in' || !user || user.email_verified) return null;
  return <Unverified user={user} />;
}

function Unverified({ user }: { user: User }) {
  useEffect(() => {
    const check = () => void refreshUser().catch(() => undefined);
    window.addEventListener('focus', check);
    return () => window.removeEventListener('focus', check);
  }, []);
  return (
    <aside class="unverified" aria-label="Email address not verified">
      <Notice kind="warn">
        <p>
          <strong>Confirm your email address.</strong> Watermark operations are refused until you open the link mailed
          to <strong>{user.email}</strong> (valid for 24 hours). <Link href="/profile">Profile</Link> shows the state.
        </p>
        <SendAgain email={user.email} />
      </Notice>
    </aside>
  );
}
