import { createServer } from 'node:net';

/**
 * Refuses a port another process listens on before anything is created (the data folder, its database and master
 * key), by listening on it for a moment. Whatever takes the port between this check and the server's own listen
 * still fails the start, only later.
 */
const address = (host: string, port: number): string => `${host.includes(':') ? `[${host}]` : host}:${port}`;

export async function ensurePortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ host, port, exclusive: true }, resolve);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE') throw error;
    throw Object.assign(
      new Error(`${address(host, port)} is in use by another process (another wm serve?): stop it, or choose --port`),
      { code },
    );
  }
  await new Promise((resolve) => probe.close(resolve));
}
