import type { FastifyRequest } from 'fastify';

/** Headers a reverse proxy adds; any of them means the socket's peer is not the real client. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'via'] as const;

const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined &&
  (address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address) || /^::ffff:127\.\d+\.\d+\.\d+$/i.test(address));

/**
 * True when the request comes from this machine itself. The socket's peer is checked, not
 * `req.ip` (behind a trusted proxy that is the client's claimed address), and a request carrying
 * any forwarding header never counts: a proxy on the same machine connects over loopback too.
 */
export function isLocalRequest(req: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined)) return false;
  return isLoopbackAddress(req.socket.remoteAddress);
}
