/**
 * The Host header check against DNS rebinding: a web page on evil.example whose name was
 * made to resolve to 127.0.0.1 can reach the emulator, but its browser still sends
 * `Host: evil.example:<port>`. The emulator answers only its own names for its own port.
 */
export function ownHostNames(boundHost: string, port: number): ReadonlySet<string> {
  // Listening on every interface, it is reached by names it cannot know (a compose service's,
  // host.docker.internal): the Host check follows the choice to be reachable from elsewhere.
  if (isWildcardHost(boundHost)) return new Set([ANY_HOST]);
  const hosts = ['127.0.0.1', 'localhost', '[::1]', boundHost.includes(':') ? `[${boundHost}]` : boundHost];
  const names = new Set(hosts.map((host) => `${host.toLowerCase()}:${port}`));
  // A browser leaves out the default port.
  if (port === 80) for (const host of hosts) names.add(host.toLowerCase());
  return names;
}

const ANY_HOST = '*';

export function isOwnHost(header: string | undefined, own: ReadonlySet<string>): boolean {
  return header !== undefined && (own.has(ANY_HOST) || own.has(header.trim().toLowerCase()));
}

/** Whether a connection comes from this machine (IPv4, IPv6, or IPv4 mapped into IPv6). */
export function isLoopbackPeer(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d+\.\d+\.\d+$/.test(plain);
}

const MAX_SHOWN = 100;

/** The refused Host for the request log, shortened, since anyone can send anything there. */
export function shownHost(header: string | undefined): string {
  if (header === undefined) return 'no Host header';
  const shown = header.length > MAX_SHOWN ? `${header.slice(0, MAX_SHOWN)}…` : header;
  return `Host ${JSON.stringify(shown)}`;
}

/** Whether listening on this address means every interface (0.0.0.0, ::). */
export function isWildcardHost(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '0:0:0:0:0:0:0:0';
}
