/**
 * The Host header check against DNS rebinding: a web page on evil.example whose name was
 * made to resolve to 127.0.0.1 can reach the emulator, but its browser still sends
 * `Host: evil.example:<port>`. The emulator answers only its own names for its own port.
 */
export function ownHostNames(boundHost: string, port: number): ReadonlySet<string> {
  const hosts = ['127.0.0.1', 'localhost', '[::1]', boundHost.includes(':') ? `[${boundHost}]` : boundHost];
  const names = new Set(hosts.map((host) => `${host.toLowerCase()}:${port}`));
  // A browser leaves out the default port.
  if (port === 80) for (const host of hosts) names.add(host.toLowerCase());
  return names;
}

export function isOwnHost(header: string | undefined, own: ReadonlySet<string>): boolean {
  return header !== undefined && own.has(header.trim().toLowerCase());
}

const MAX_SHOWN = 100;

/** The refused Host for the request log, shortened, since anyone can send anything there. */
export function shownHost(header: string | undefined): string {
  if (header === undefined) return 'no Host header';
  const shown = header.length > MAX_SHOWN ? `${header.slice(0, MAX_SHOWN)}…` : header;
  return `Host ${JSON.stringify(shown)}`;
}
