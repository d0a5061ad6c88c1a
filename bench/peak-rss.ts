import { readFileSync, writeFileSync } from 'node:fs';

// Preloaded with `node --import` into a measured process: writes its peak resident set size (bytes) at exit.
// VmHWM, not resourceUsage().maxRSS: Linux carries maxRSS over from the parent across fork + exec, so a child of
// a large bench process would report the bench's size.
const target = process.env.WM_BENCH_RSS_FILE;
if (target) {
  process.on('exit', () => {
    const kilobytes = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    writeFileSync(target, String(Number(kilobytes ?? process.resourceUsage().maxRSS) * 1024));
  });
}
