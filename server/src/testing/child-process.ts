import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { scriptArgs } from './compiled';

/**
 * A test script in a process of its own (the two-process tests): it prints `ready`, waits for a
 * line on stdin (`go()`), does its work, prints one JSON line and exits. `done` resolves with that
 * JSON, or rejects when the process fails.
 */
export function startScript<T>(file: string, env: Record<string, string>, what: string) {
  const started = scriptArgs(file).then((args) =>
    spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  let out = '';
  const ready = started.then(
    (child) =>
      new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('ready')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`${what} exited with ${code} before it was ready`)));
      }),
  );
  const done = started.then(
    (child) =>
      new Promise<T>((resolve, reject) => {
        child.once('exit', (code) => {
          const line = out.split('\n').find((l) => l.startsWith('{'));
          if (code !== 0 || !line) reject(new Error(`${what} exited with ${code}: ${out}`));
          else resolve(JSON.parse(line) as T);
        });
      }),
  );
  return { ready, done, go: () => void started.then((child) => child.stdin.write('go\n')) };
}

/** A port free on the loopback interface now, for a server process a test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
