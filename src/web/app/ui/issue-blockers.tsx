import type { Balance } from '../api-types.js';
import { Link } from '../router.js';
import { api, currentUser, sessionState } from '../session.js';
import { useLoad } from '../use-load.js';
import { Notice } from './notice.js';
import { API_PATHS } from '../../../api/paths.js';
import type { ComponentChildren } from 'preact';

/** A reason the signed-in account cannot issue copies now, with where to fix it. */
interface Blocker {
  key: string;
  text: ComponentChildren;
}

/**
 * What keeps the signed-in account from issuing copies now, known before its owner fills the form: an address not
 * confirmed yet, or no credits left (each copy uses one). A token that may encode is the token picker's to say.
 */
export function useIssueBlockers(): Blocker[] {
  const signedIn = sessionState.value === 'signed-in';
  const { data: balance } = useLoad(
    async () => (signedIn ? api<Balance>('GET', API_PATHS.balance) : undefined),
    [signedIn],
  );
  const user = currentUser.value;
  const blockers: Blocker[] = [];
  if (signedIn && user && !user.email_verified) {
    blockers.push({
      key: 'unverified',
      text: (
        <>
          your email address is not confirmed yet: open the link mailed to <strong>{user.email}</strong> (or send it
          again from the notice above; <Link href="/profile">Profile</Link> shows the state)
        </>
      ),
    });
  }
  if (balance && balance.balance < balance.cost_per_operation) {
    blockers.push({
      key: 'credits',
      text: (
        <>
          your account has no credits left, and each copy uses one: the <Link href="/">Overview</Link> says how to get
          more
        </>
      ),
    });
  }
  return blockers;
}

/** The blockers, said before the form: nobody should fill in a memo and five recipients to learn them. */
export function IssueBlockers({ blockers }: { blockers: Blocker[] }) {
  if (blockers.length === 0) return null;
  return (
    <Notice kind="warn">
      <p>
        <strong>You cannot issue copies yet:</strong>
      </p>
      <ul>
        {blockers.map((blocker) => (
          <li key={blocker.key}>{blocker.text}</li>
        ))}
      </ul>
    </Notice>
  );
}
