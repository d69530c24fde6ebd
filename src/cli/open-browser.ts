import { spawn } from 'node:child_process';

/**
 * Opens `url` in the user's browser when there is a display to show it on: a desktop
 * session on Linux (DISPLAY or WAYLAND_DISPLAY), macOS or Windows outside SSH and CI.
 * Detached and fire-and-forget: whatever happens, the URL is printed as well. True when a
 * browser was started.
 */
export function openBrowser(url: string, env: Readonly<Record<string, string | undefined>>): boolean {
  const command = browserCommand(url, env);
  if (command === undefined) return false;
  try {
    const child = spawn(command.file, command.args, { detached: true, stdio: 'ignore', windowsHide: true });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}

export function browserCommand(
  url: string,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
): { file: string; args: string[] } | undefined {
  if (env.CI !== undefined && env.CI !== '' && env.CI !== 'false') return undefined;
  if (env.SSH_CONNECTION !== undefined || env.SSH_TTY !== undefined) return undefined;
  switch (platform) {
    case 'darwin':
      return { file: 'open', args: [url] };
    case 'win32':
      // start's first quoted argument is a window title; the empty one keeps the URL an URL.
      return { file: 'cmd', args: ['/c', 'start', '""', url.replace(/&/g, '^&')] };
    default:
      return env.DISPLAY !== undefined || env.WAYLAND_DISPLAY !== undefined ? { file: 'xdg-open', args: [url] } : undefined;
  }
}
