import { Link } from '../router.js';
import { KeptMailNote } from '../ui/kept-mail.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { SendAgain } from '../ui/send-again.js';
import { registration } from './sign-up.js';

export function CheckMailPage() {
  const registered = registration.value;
  const unsent = registered?.message.includes('could not be sent');
  return (
    <main id="main" class="narrow">
      <PageTitle title="Check your mail" />
      <div class="card">
        {registered && (
          <Notice kind={unsent ? 'warn' : 'ok'}>
            <p>{registered.message}</p>
          </Notice>
        )}
        <p>
          We sent a verification link to {registered ? <strong>{registered.email}</strong> : 'your address'}. Open it to
          confirm the address: watermark operations need a verified email. The link is valid for 24 hours.
        </p>
        <KeptMailNote command={`wm users verify ${registered?.email ?? '<your email>'}`} />
        {registered ? (
          <SendAgain email={registered.email} />
        ) : (
          <p>
            <Link href="/verify-email/resend">Send the link again</Link>
          </p>
        )}
        <p>You can sign in now; your account works once the address is verified.</p>
        <Link class="button primary" href="/signin">
          Go to sign in
        </Link>
      </div>
    </main>
  );
}
