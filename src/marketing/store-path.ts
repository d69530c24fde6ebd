import path from 'node:path';

/**
 * Where the token store lives: `$XDG_CONFIG_HOME/graphform/credentials.json`, else
 * `~/.config/graphform/credentials.json` (the XDG default). A relative XDG_CONFIG_HOME is
 * ignored, as the XDG spec says, so the store never lands inside a project folder.
 */
export function credentialsPath(env: Readonly<Record<string, string | undefined>>, homeDir: () => string): string {
  const xdg = env.XDG_CONFIG_HOME;
  const base =
    xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(env.HOME !== undefined && path.isAbsolute(env.HOME) ? env.HOME : homeDir(), '.config');
  return path.join(base, 'graphform', 'credentials.json');
}
