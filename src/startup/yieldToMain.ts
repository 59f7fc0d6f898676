/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input in
 * between. Start-up uses it between its steps: several short tasks instead of one long one keep a
 * phone's main thread responsive (Lighthouse counts every task over 50 ms as blocking time).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the browser has had the chance to paint (a frame, then a task after it). A page that
 * arrives with its screen prerendered paints it before the start-up's script work takes the main
 * thread; hidden tabs produce no frames, hence the timeout.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}
