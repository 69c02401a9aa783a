// The fake push service of `bench:push` in a process of its own, so its decrypting and checking
// do not share the worker's event loop. Prints one JSON line (origin, certificate, BENCH_SUBS
// subscriptions); then each "report" line on stdin is answered with the counts received so far.
import { createInterface } from 'node:readline';
import { startFakePushService } from '../server/src/testing/fake-push-service';

const service = await startFakePushService();
const subs = Array.from({ length: Number(process.env.BENCH_SUBS ?? 10_000) }, () => service.subscribe());
process.stdout.write(`${JSON.stringify({ origin: service.origin, ca: service.ca, subs })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'report') {
    const accepted = service.received.filter((r) => r.status === 201 && r.vapidValid && r.payload !== undefined);
    process.stdout.write(
      `${JSON.stringify({ received: service.received.length, accepted: accepted.length, bytes: service.received[0]?.bytes ?? 0 })}\n`,
    );
    // The service keeps nothing between rounds.
    service.received.length = 0;
  }
}
await service.close();
