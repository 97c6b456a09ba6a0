/** How a long-running command (`generate --watch`, `npm run mock`) learns it should stop. */

/**
 * Calls `stop` once, with the reason, on SIGINT, SIGTERM or SIGHUP, or when the parent process
 * is gone. npm passes SIGTERM to the shell that runs the script, which may exit without passing
 * it on: a process whose parent changed was orphaned, and stops too instead of running on.
 */
export function onStopRequest(stop: (reason: string) => void): void {
  let stopping = false;
  const once = (reason: string): void => {
    if (stopping) return;
    stopping = true;
    stop(reason);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => once(signal));
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) once('the parent process exited');
  }, 250).unref();
}
