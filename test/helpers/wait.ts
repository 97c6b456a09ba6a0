/** Waiting in tests for something another process or a server does. */

/** Polls `check` every 10 ms until it holds; throws after `ms`. */
export const until = async (check: () => boolean, ms = 5000, label = ''): Promise<void> => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
