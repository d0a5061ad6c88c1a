interface RequestLog {
  reqId?: string;
  req?: { method?: string; url?: string; remoteAddress?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  failure?: { error?: string; message?: string };
}

/** The request line (edge/request-log.ts), short: "req-1 GET /healthz → 200 in 1.2 ms from 127.0.0.1". */
function requestLine(log: RequestLog & Record<string, unknown>, messageKey: string): string {
  const id = log.reqId ? `${log.reqId} ` : '';
  if (log.req && log.res && log.responseTime !== undefined) {
    const failure = log.failure?.message ? ` (${log.failure.message})` : '';
    return (
      `${id}${log.req.method} ${log.req.url} → ${log.res.statusCode}${failure} in ${log.responseTime.toFixed(1)} ms` +
      ` from ${log.req.remoteAddress}`
    );
  }
  return `${id}${String(log[messageKey])}`;
}

/**
 * The log stream for a person at a terminal: one readable, coloured line per entry (pino-pretty), loaded only
 * then, so JSON logging (files, pipes, journald) pays nothing for it. The redaction happens before, in pino.
 */
export async function prettyLogStream(): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    colorize: process.stdout.hasColors?.() ?? false,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime,route,failure,requestBytes,responseBytes',
    messageFormat: (log, messageKey) => requestLine(log, messageKey),
    singleLine: true,
    // a person reads along: no line may be lost when the process exits
    sync: true,
  });
}
