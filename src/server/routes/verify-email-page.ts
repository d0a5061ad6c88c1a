const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The small page a browser sees after following the verification link. */
export function verifyEmailPage(options: { ok: boolean; title: string; message: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} · wm</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:4rem auto;padding:0 1rem;line-height:1.5}
h1{color:${options.ok ? '#1a7f37' : '#b42318'}}a{color:#3346c9}
@media (prefers-color-scheme:dark){body{background:#0f1115;color:#e8eaef}a{color:#8b9cff}
h1{color:${options.ok ? '#6fdc8c' : '#ff8a80'}}}</style>
</head>
<body>
<h1>${escapeHtml(options.title)}</h1>
<p>${escapeHtml(options.message)}</p>
<p><a href="${options.ok ? '/signin' : '/'}">${options.ok ? 'Continue to sign in' : 'Go to the dashboard'}</a></p>
</body>
</html>
`;
}

/** A browser (or anything not asking for JSON) gets the page; `Accept: application/json` gets JSON. */
export function wantsJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept.toLowerCase();
  return types.includes('application/json') && !types.includes('text/html');
}
