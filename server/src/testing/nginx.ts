import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './child-process';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const SITE = fileURLToPath(new URL('../../../deploy/nginx/h5.conf', import.meta.url));
const SERVER_LINE = /^(\s*)server 127\.0\.0\.1:8080 (.*);$/gm;

export interface Proxy {
  /** The proxy's origin, e.g. http://127.0.0.1:41234 */
  url: string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx running `deploy/nginx/h5.conf` as shipped, with its upstream lines pointing at
 * `upstreams` (host:port) and its listen line at a free loopback port; everything nginx writes
 * stays in a temporary folder.
 */
export async function startNginx(upstreams: string[]): Promise<Proxy> {
  if (!existsSync(NGINX)) {
    throw new Error(`The proxy test needs nginx at ${NGINX} (apt-get install nginx, or set NGINX_BIN)`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'h5-nginx-'));
  const port = await freePort();
  const shipped = await readFile(SITE, 'utf8');
  const site = shipped
    .replace(SERVER_LINE, (_line, indent: string, params: string) =>
      upstreams.map((u) => `${indent}server ${u} ${params};`).join('\n'),
    )
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`);
  if (site === shipped) throw new Error('deploy/nginx/h5.conf changed: its upstream or listen line is not found');
  await writeFile(join(dir, 'h5.conf'), site);
  const temp = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
  await Promise.all(temp.map((t) => mkdir(join(dir, t))));
  const main = [
    // As root, the workers would otherwise run as nobody and could not use this private folder.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    ...temp.map((t) => `  ${t === 'body' ? 'client_body' : t}_temp_path ${dir}/${t};`),
    `  include ${dir}/h5.conf;`,
    '}',
  ].join('\n');
  await writeFile(join(dir, 'nginx.conf'), main);
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`, '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await fetch(`${url}/health/live`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx did not start: ${stderr}${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
