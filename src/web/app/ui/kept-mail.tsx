/** Where this server sends mail, from the page's <meta name="wm-mail">: "smtp" or "outbox". */
export const mailDelivery = document.querySelector<HTMLMetaElement>('meta[name="wm-mail"]')?.content ?? 'smtp';

/**
 * Where a mail just asked for went. Without a mail server the message is in the server's outbox file, and the person
 * who runs the server can hand out the link or run `command` instead, on the server's data folder (the page does not
 * know where that is, and does not tell visitors paths of the server).
 */
export function KeptMailNote({ command }: { command: string }) {
  if (mailDelivery !== 'outbox') return <p class="muted">Nothing after a few minutes? Look in your spam folder.</p>;
  return (
    <>
      <h2>This server keeps its mail</h2>
      <p>
        No mail server is set up for this <code>wm serve</code>: the message was written to the outbox file{' '}
        <code>outbox.jsonl</code> in the server's data folder instead. Ask the person who runs it for the link, or to
        run this, with the data folder <code>wm serve</code> printed when it started (a server on PostgreSQL:{' '}
        <code>--database</code> and its URL instead):
      </p>
      <p>
        <code>{`${command} --home <data folder>`}</code>
      </p>
    </>
  );
}
