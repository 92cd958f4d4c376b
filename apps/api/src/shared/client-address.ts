/**
 * Whom a per-client limit counts: an IPv4 address, or the /64 of an IPv6 address, since
 * one IPv6 customer commonly holds a whole /64 and could otherwise change address at
 * every attempt.
 */
export function clientKey(address: string | undefined): string {
  // A client that reset its connection has no address any more.
  if (!address) return 'unknown';
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (v4) return v4[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The client address kept with a download: an IPv4 /24 or an IPv6 /48, never the whole address. */
export function truncatedAddress(address: string | undefined): string {
  if (!address) return 'unknown';
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.\d+$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0`;
  if (address.includes(':')) {
    const [head = ''] = address.split('::');
    const groups = head.split(':').filter(Boolean).slice(0, 3);
    return `${groups.join(':')}::`;
  }
  return 'unknown';
}
