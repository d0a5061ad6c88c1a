/**
 * Calls `stop` once the process that started wm serve has gone, when that process was npm (`npx wm serve`,
 * `npm start`): `npx wm serve &` then `kill $!` signals npm, which passes the signal on to the shell it ran wm in,
 * and that shell dies without passing it further. wm serve would keep its port and the data folder's lock with
 * nobody left to stop it. Anything else that starts wm serve (a shell, systemd, nohup) is left alone: a shell that
 * exits after `wm serve &` means the server to go on.
 */
export function onLauncherExit(stop: () => void, checkEveryMs = 500): void {
  // npm sets npm_command for every process it runs (exec, run-script, start)
  if (!process.env.npm_command) return;
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop();
  }, checkEveryMs);
  timer.unref();
}
