import { isIPv4 } from 'node:net';

/**
 * Whether a socket's peer is this machine: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. Takes
 * the socket address, never request.ip, which a proxy header can set.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  if (address === '::1') return true;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return isIPv4(v4) && v4.startsWith('127.');
}
