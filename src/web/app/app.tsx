import { signal } from '@preact/signals';
import type { ComponentType } from 'preact';
import { useEffect } from 'preact/hooks';
import { CheckMailPage } from './pages/check-mail.js';
import { ForgotPasswordPage, ResendVerificationPage } from './pages/mail-request.js';
import { ResetPasswordPage } from './pages/reset-password.js';
import { VerifyEmailPage } from './pages/verify-email.js';
import { ChannelsPage } from './pages/channels.js';
import { CopiesPage } from './pages/copies.js';
import { OverviewPage } from './pages/overview.js';
import { ProfilePage } from './pages/profile.js';
import { SignInPage } from './pages/sign-in.js';
import { SignUpPage } from './pages/sign-up.js';
import { TokensPage } from './pages/tokens.js';
import { UsagePage } from './pages/usage.js';
import { Link, currentPath, navigate } from './router.js';
import { currentUser, rememberReturnTo, sessionState, signOut } from './session.js';
import { Notice } from './ui/notice.js';
import { Loading } from './ui/skeleton.js';
import { UnverifiedNotice } from './ui/unverified-notice.js';

const SIGNED_IN_PAGES: Record<string, ComponentType> = {
  '/': OverviewPage,
  '/tokens': TokensPage,
  '/channels': ChannelsPage,
  '/usage': UsagePage,
  '/copies': CopiesPage,
  '/profile': ProfilePage,
};
const SIGNED_OUT_PAGES: Record<string, ComponentType> = {
  '/signin': SignInPage,
  '/signup': SignUpPage,
  '/signup/sent': CheckMailPage,
  '/forgot-password': ForgotPasswordPage,
  '/verify-email/resend': ResendVerificationPage,
};
/** The pages of the mailed links: they work whether or not this browser is signed in. */
const ANY_STATE_PAGES: Record<string, ComponentType> = {
  '/reset-password': ResetPasswordPage,
  '/verify-email': VerifyEmailPage,
};
const NAV: [string, string][] = [
  ['/', 'Overview'],
  ['/tokens', 'API tokens'],
  ['/channels', 'Channels'],
  ['/usage', 'Usage'],
  ['/copies', 'Copies'],
  ['/check', 'Checker'],
  ['/profile', 'Profile'],
];

// The checker and the codec it runs are a chunk of their own, fetched only when the checker is opened.
const checker = signal<ComponentType | null>(null);
const checkerFailed = signal(false);
let checkerRequested = false;
function loadChecker(): void {
  if (checkerRequested) return;
  checkerRequested = true;
  import('../checker/checker-page.js').then(
    (module) => (checker.value = module.CheckerPage),
    () => (checkerFailed.value = true),
  );
}

/** Fetches the checker's chunk while the session is being restored, so that it is there when the page is drawn. */
function PrefetchChecker() {
  useEffect(loadChecker, []);
  return null;
}

function CheckerRoute() {
  useEffect(loadChecker, []);
  const Page = checker.value;
  if (Page) return <Page />;
  return (
    <main id="main">
      {checkerFailed.value ? (
        <Notice kind="error">The checker could not be loaded. Reload the page to try again.</Notice>
      ) : (
        <Loading what="the checker" lines={8} />
      )}
    </main>
  );
}

function Header() {
  const signedIn = sessionState.value === 'signed-in';
  return (
    <header class="header">
      <div class="header-inner">
        <a class="skip-link" href="#main">
          Skip to content
        </a>
        <Link class="brand" href={signedIn ? '/' : '/signin'}>
          <span class="brand-mark" aria-hidden="true" />
          wm
        </Link>
        {signedIn ? (
          <>
            <nav class="nav dashboard" aria-label="Dashboard">
              {NAV.map(([href, label]) => (
                <Link key={href} href={href}>
                  {label}
                </Link>
              ))}
            </nav>
            <div class="header-end">
              <span class="who">{currentUser.value?.email}</span>
              <button type="button" class="button small" onClick={() => void signOut()}>
                Sign out
              </button>
            </div>
          </>
        ) : sessionState.value === 'signed-out' ? (
          <nav class="nav" aria-label="Site">
            <Link href="/check">Checker</Link>
            <Link href="/signin">Sign in</Link>
            <Link href="/signup">Create account</Link>
          </nav>
        ) : (
          // while the session is restored: the navigation's place, kept so that the page does not move when it comes
          <div class="nav" aria-hidden="true" />
        )}
      </div>
    </header>
  );
}

/** Replaces the page with another once drawn (navigating while drawing would re-enter the drawing). */
function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

function NotFound() {
  return (
    <main id="main" class="narrow">
      <h1>Page not found</h1>
      <p>
        <Link href="/">Back to the dashboard</Link>
      </p>
    </main>
  );
}

function Page() {
  const path = currentPath.value;
  const state = sessionState.value;
  // every page waits for the session, those that draw the same either way too: on a phone the header grows by a row
  // of links when the session is there, and a page drawn before would be pushed down (a layout shift)
  if (state === 'restoring') {
    return (
      <main id="main">
        <Loading what="your session" lines={6} />
        {path === '/check' && <PrefetchChecker />}
      </main>
    );
  }
  if (path === '/check') return <CheckerRoute />;
  const Linked = ANY_STATE_PAGES[path];
  if (Linked) return <Linked />;
  const signedIn = state === 'signed-in';
  if (SIGNED_IN_PAGES[path] && !signedIn) {
    if (path !== '/') rememberReturnTo(path);
    return <Redirect to="/signin" />;
  }
  if (SIGNED_OUT_PAGES[path] && signedIn) return <Redirect to="/" />;
  const Shown = SIGNED_IN_PAGES[path] ?? SIGNED_OUT_PAGES[path] ?? NotFound;
  return <Shown />;
}

export function App() {
  return (
    <>
      <Header />
      <UnverifiedNotice />
      <Page />
      <footer class="footer">
        <a href="/docs">API docs</a> · everything on this page comes from this server; nothing is loaded from elsewhere
        but a key set you link in the checker
      </footer>
    </>
  );
}
