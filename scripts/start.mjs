// `npm start`: build the PWA and the server bundle if a source changed, then run the one server
// process that serves the PWA at /h5/ and the API at /api. The server runs compiled
// (dist-server/main.mjs): compiling TypeScript at every start took seconds. It is a direct child
// in its own process group: a terminal's Ctrl-C would otherwise reach it twice (from the terminal and
// forwarded from here), and a second signal means "exit now" to its graceful shutdown.
import { spawn } from 'node:child_process';
import { buildIfNeeded, root } from './build.mjs';
import { buildServerIfNeeded, serverEntry } from './build-server.mjs';

try {
  await buildIfNeeded();
  await buildServerIfNeeded();
} catch (error) {
  console.error(`Build failed: ${error.message}`);
  process.exit(1);
}

// Two malloc arenas (glibc): with an arena per thread, the memory each WebAssembly compile of the
// embedded database freed stayed with its thread's arena, some 40 MB held for good. With one, every
// thread took the same lock, and at start the main thread waited on the background compiler's
// allocations (interleaved starts on existing data: median 1,728 ms with one, 1,643 ms with two, the
// same idle RSS).
const env = { MALLOC_ARENA_MAX: '2', ...process.env, PORT: process.env.PORT || '8080' };
// A young generation of at most 2 x 4 MB instead of V8's 2 x 16 MB: a demo's requests make little
// garbage, and the difference is resident memory the server would hold for good. One thread, not
// one per core, optimizes the embedded database's hot WebAssembly functions (V8 tiers them up in
// the background): the same code in the end, without taking the second core from the start, and
// with less memory held afterwards. No --enable-source-maps: Node 20 then reads and parses every
// loaded module's source map, about 15 MB kept and CPU at every start; the bundle is not
// minified, so stack traces stay readable, and NODE_OPTIONS=--enable-source-maps npm start maps
// them to the TypeScript sources when wanted.
const server = spawn(process.execPath, ['--max-semi-space-size=4', '--wasm-num-compilation-tasks=1', serverEntry], {
  cwd: root,
  env,
  stdio: 'inherit',
  detached: true,
});
// Should this process end by other means, do not leave the server running on the port.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

// Forward each signal once; the server owns its shutdown (close connections, then the database).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('error', (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  // Mirror the child's end: 128 + signal number is the shell convention for "killed by signal".
  if (signal) process.exit(128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 0));
  process.exit(code ?? 1);
});
