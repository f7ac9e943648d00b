/**
 * Test support for scripted REST replies.
 */
/** Lets promise callbacks (REST replies) run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
