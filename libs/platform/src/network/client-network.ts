import * as ipaddr from 'ipaddr.js';

/**
 * The client network a per-client limit counts against (sign-in attempts, the public tracking ingress): an
 * IPv4 address, or the /64 of an IPv6 address (one subscriber usually holds a whole /64, so counting single
 * IPv6 addresses would limit nothing).
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip); // an IPv4-mapped IPv6 address becomes the IPv4 address
  if (!(address instanceof ipaddr.IPv6)) return address.toString();
  return `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}
