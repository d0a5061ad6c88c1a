interface RequestLog {
  reqId?: string;
  req?: { method?: string; url?: string; remoteAddress?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** Fastify's two lines per request, short: "→ GET /healthz from 127.0.0.1" and "← 200 in 1.2 ms". */
function requestLine(log: RequestLog & Record<string, unknown>, messageKey: string): string {
  const id = log.reqId ? `${log.reqId} ` : '';
  if (log.req) return `${id}→ ${log.req.method} ${log.req.url} from ${log.req.remoteAddress}`;
  if (log.res && log.responseTime !== undefined) {
    return `${id}← ${log.res.statusCode} in ${log.responseTime.toFixed(1)} ms`;
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
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => requestLine(log, messageKey),
    singleLine: true,
    // a person reads along: no line may be lost when the process exits
    sync: true,
  });
}
