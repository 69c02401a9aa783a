/**
 * How the page gets the outbox kinds registered before it replays: the app shell sets a loader
 * (a dynamic import of src/app/outbox-kinds.ts), so the kinds, Dexie and zod load only when there
 * is something to send. The worker registers its kinds at start and never needs this.
 */
let loader: (() => Promise<unknown>) | null = null;

export function setOutboxKindsLoader(load: () => Promise<unknown>): void {
  loader = load;
}

export async function loadOutboxKinds(): Promise<void> {
  if (loader) await loader();
}
