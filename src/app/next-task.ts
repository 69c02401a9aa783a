/**
 * Resolves in a new task of the main thread, so work after it does not add to the current task:
 * the browser can paint and handle input in between. `scheduler.yield()` where the browser has
 * it (it resumes ahead of other queued work); otherwise a message to the page, which unlike a
 * timer is not delayed to a second in a background tab.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
