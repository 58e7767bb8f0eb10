/**
 * Addresses a school sets and the server connects to (today its mail server): they must be on the
 * internet, never inside the server's own network, or a school's administrator could make the server
 * knock on its neighbours and read the answers. `internalAddress` and `hostKey` are pure (tested in
 * `outbound.test.ts`); `checkedAddress` resolves a name and refuses it when any address is internal.
 * The server's own settings (SMTP_URL, SCHOOLPAY_URL, SMS_GATEWAY_URL) are the operator's and not checked.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** IPv4 ranges that are not the public internet (IANA special-purpose registry). */
const internal4: [string, number][] = [
  ['0.0.0.0', 8], // this network, unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const blocked4 = new BlockList();
for (const [network, bits] of internal4) blocked4.addSubnet(network, bits, 'ipv4');

/** IPv6: only global unicast (2000::/3) is public, less its special ranges. */
const global6 = new BlockList();
global6.addSubnet('2000::', 3, 'ipv6');
const special6 = new BlockList();
special6.addSubnet('2001::', 23, 'ipv6'); // protocol assignments (Teredo, benchmarking, ORCHID)
special6.addSubnet('2001:db8::', 32, 'ipv6'); // documentation
special6.addSubnet('3fff::', 20, 'ipv6'); // documentation

/** An IPv6 address as its eight 16-bit words (a trailing dotted IPv4 read as two). */
function words6(ip: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  const text = dotted
    ? `${ip.slice(0, dotted.index)}${((+dotted[1] << 8) | +dotted[2]).toString(16)}:${((+dotted[3] << 8) | +dotted[4]).toString(16)}`
    : ip;
  const [head, tail] = text.split('::');
  const read = (part: string | undefined) => (part ? part.split(':').map((w) => Number.parseInt(w, 16)) : []);
  const before = read(head);
  const after = read(tail);
  return tail === undefined ? before : [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
}

const dotted4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * Whether the server must not connect to `ip` for a school: loopback, private, carrier-grade NAT,
 * link-local, unique-local, unspecified, multicast, reserved, documentation, or an IPv4 one of these
 * inside IPv6 (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::).
 * Anything that is not an address is internal too: never connect to it.
 */
export function internalAddress(ip: string): boolean {
  const address = ip.split('%')[0]; // an IPv6 zone (fe80::1%eth0) names an interface of this server
  const family = isIP(address);
  if (family === 4) return blocked4.check(address, 'ipv4');
  if (family !== 6) return true;
  const w = words6(address.toLowerCase());
  const zeros = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (w[5] === 0xffff || w[5] === 0)) return internalAddress(dotted4(w[6], w[7]));
  if (w[0] === 0x64 && w[1] === 0xff9b && zeros(2, 6)) return internalAddress(dotted4(w[6], w[7]));
  if (w[0] === 0x2002) return internalAddress(dotted4(w[1], w[2]));
  return !global6.check(address, 'ipv6') || special6.check(address, 'ipv6');
}

/** A host as typed, in one form for comparing: trimmed, lower case, without [ ] or a final dot. */
export const hostKey = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/** A host name (letters, digits, hyphens, underscores, dots) or an IP address; not a URL, no port. */
export const hostLike = (host: string) =>
  isIP(hostKey(host)) !== 0 ||
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/.test(
    hostKey(host),
  );

/** Whether the server's setting lets this host be inside its network (MAIL_ALLOW_PRIVATE_HOSTS). */
export const allowedInside = (host: string, allowed: string[]) => allowed.includes(hostKey(host));

/** The reason a connection was not made, with a code the mail code reads as a connection fault. */
export class AddressRefused extends Error {
  constructor(
    message: string,
    readonly code: 'EDNS' | 'EINTERNAL',
  ) {
    super(message);
  }
}

/** Every address of `host` (an IP address answers itself), within `timeoutMs`. */
export async function addressesOf(host: string, timeoutMs: number) {
  const name = hostKey(host);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      lookup(name, { all: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AddressRefused(`No answer for ${name} in time`, 'EDNS')), timeoutMs);
      }),
    ]);
  } catch (error) {
    if (error instanceof AddressRefused) throw error;
    throw new AddressRefused(`${name} could not be resolved: ${(error as Error).message}`, 'EDNS');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The address to connect to for `host`: resolved now (a name may point elsewhere than when it was
 * saved), refused when any of its addresses is internal; an IPv4 one first (many servers have no IPv6
 * route). Connect to the answer, not the name, so a second lookup cannot point elsewhere.
 */
export async function checkedAddress(host: string, timeoutMs: number): Promise<string> {
  const found = await addressesOf(host, timeoutMs);
  const inside = found.filter((a) => internalAddress(a.address));
  if (inside.length)
    throw new AddressRefused(
      `${hostKey(host)} resolves inside the server's network (${inside.map((a) => a.address).join(', ')})`,
      'EINTERNAL',
    );
  if (!found.length) throw new AddressRefused(`${hostKey(host)} has no address`, 'EDNS');
  return (found.find((a) => a.family === 4) ?? found[0]).address;
}
