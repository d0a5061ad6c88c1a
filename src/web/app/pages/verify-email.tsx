import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { Link, currentQuery } from '../router.js';
import { sessionState } from '../session.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { refreshUser } from '../ui/unverified-notice.js';

type Result = 'verified' | 'already' | 'invalid' | 'suspended' | 'unavailable';

interface Outcome {
  title: string;
  kind: 'ok' | 'info' | 'error' | 'warn';
  say: ComponentChildren;
}

const OUTCOMES: Record<Result, Outcome> = {
  verified: {
    title: 'Email verified',
    kind: 'ok',
    say: 'Your address is confirmed: watermark operations are allowed now.',
  },
  already: {
    title: 'Already verified — sign in',
    kind: 'info',
    say: 'This address was confirmed before (the link had been opened already). Nothing else to do.',
  },
  invalid: {
    title: 'This link does not work',
    kind: 'error',
    say: (
      <>
        It is not known here or has expired (links last 24 hours). Some mail programs cut long links: copy the whole
        link into the address bar. Or <Link href="/verify-email/resend">ask for a new link</Link>.
      </>
    ),
  },
  suspended: {
    title: 'Account suspended',
    kind: 'warn',
    say: 'The account is suspended because of an open payment dispute; ask the person who runs this server.',
  },
  unavailable: {
    title: 'Try again in a moment',
    kind: 'warn',
    say: 'The server could not reach its database. Open the link from the mail again in a minute.',
  },
};

/** Where the mailed verification link lands (GET /api/auth/verify-email redirects here with `?result=`). */
export function VerifyEmailPage() {
  const result = new URLSearchParams(currentQuery.value).get('result') as Result | null;
  const outcome = (result && OUTCOMES[result]) || OUTCOMES.invalid;
  const signedIn = sessionState.value === 'signed-in';
  const confirmed = result === 'verified' || result === 'already';
  // signed in here: the account may be the one just verified (or another's link was opened): ask it again
  useEffect(() => {
    if (signedIn && confirmed) void refreshUser().catch(() => undefined);
  }, [signedIn, confirmed]);
  const next = confirmed
    ? signedIn
      ? { href: '/', label: 'Go to the dashboard' }
      : { href: '/signin', label: 'Sign in' }
    : undefined;
  return (
    <main id="main" class="narrow">
      <PageTitle title={outcome.title} />
      <div class="card">
        <Notice kind={outcome.kind}>
          <p>{outcome.say}</p>
        </Notice>
        {next && (
          <Link class="button primary" href={next.href}>
            {next.label}
          </Link>
        )}
      </div>
    </main>
  );
}
