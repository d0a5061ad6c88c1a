import { Link } from '../router.js';
import { Notice } from '../ui/notice.js';
import { PageTitle } from '../ui/page-title.js';
import { registration } from './sign-up.js';

/** Where this server sends mail, from the page's <meta name="wm-mail">: "smtp" or "outbox". */
const mailDelivery = document.querySelector<HTMLMetaElement>('meta[name="wm-mail"]')?.content ?? 'smtp';

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
          confirm the address: watermark operations need a verified email. The link is valid for a limited time.
        </p>
        {mailDelivery === 'outbox' ? (
          <>
            <h2>This server keeps its mail</h2>
            <p>
              No mail server is set up for this <code>wm serve</code>: the message was written to the outbox file{' '}
              <code>outbox.jsonl</code> in the server's data folder instead. Ask the person who runs it for the link, or
              to verify you directly with:
            </p>
            <p>
              <code>wm users verify {registered?.email ?? '<your email>'}</code>
            </p>
          </>
        ) : (
          <p class="muted">Nothing after a few minutes? Look in your spam folder.</p>
        )}
        <p>You can sign in now; your account works once the address is verified.</p>
        <Link class="button primary" href="/signin">
          Go to sign in
        </Link>
      </div>
    </main>
  );
}
