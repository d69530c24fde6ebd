import type { EmulatorOptions, MarketingApp } from '../types.js';
import { AppRegistry, demoApp } from './apps.js';
import { Grants } from './grants.js';
import { oauthFileText, readOAuthFile, writeOAuthFile } from './oauth-file.js';

export interface AuthStateOptions {
  dataDir: string | undefined;
  /** The emulator's clock; the authorization server's runs ahead of it by every advance. */
  now: () => number;
  /** Checked already (resolveEmulatorOptions). */
  apps: readonly MarketingApp[];
  demoApp: EmulatorOptions['demoApp'];
}

/**
 * Everything the authorization server holds: apps, codes and tokens, and its clock. With a
 * data directory it is loaded at start and written (atomically, mode 0600) after every
 * change, before the answer, so the `local` environment, which starts an emulator per
 * command, finds its tokens in the next command.
 */
export class AuthState {
  private offsetMs = 0;
  private writes: Promise<void> = Promise.resolve();
  /** The file's text as last read or written: a save that would write the same text writes nothing. */
  private onDisk: string | undefined;
  readonly grants: Grants;

  private constructor(
    private readonly options: AuthStateOptions,
    readonly apps: AppRegistry,
  ) {
    this.grants = new Grants(() => this.now());
  }

  static async open(options: AuthStateOptions): Promise<AuthState> {
    const read = options.dataDir === undefined ? undefined : await readOAuthFile(options.dataDir);
    const kept = read?.file;
    const given = new Set(options.apps.map((app) => app.clientId));
    const others = [...(kept?.apps ?? []).filter((app) => !given.has(app.clientId)), ...options.apps];
    const state = new AuthState(options, new AppRegistry(demoApp(options.demoApp, kept?.demoApp), others));
    if (kept !== undefined) {
      state.offsetMs = kept.clockOffsetMs;
      state.grants.restore(kept.grants);
    }
    state.onDisk = read?.text;
    // Written only when something differs from the file (a new demo app, given apps, expired grants dropped).
    await state.save();
    return state;
  }

  readonly now = (): number => this.options.now() + this.offsetMs;

  /** Writes are queued, so two requests finishing together cannot interleave their files. */
  save(): Promise<void> {
    const { dataDir } = this.options;
    if (dataDir === undefined) return Promise.resolve();
    const text = oauthFileText({ clockOffsetMs: this.offsetMs, demoApp: this.apps.demo, apps: this.apps.others(), grants: this.grants.snapshot() });
    const write = this.writes.then(async () => {
      if (text === this.onDisk) return;
      await writeOAuthFile(dataDir, text);
      this.onDisk = text;
    });
    this.writes = write.catch(() => undefined);
    return write;
  }

  async advanceClock(ms: number): Promise<void> {
    this.offsetMs += ms;
    await this.save();
  }

  /** Forgets codes, tokens and clock advances; apps are configuration and stay. */
  async reset(): Promise<void> {
    this.offsetMs = 0;
    this.grants.clear();
    await this.save();
  }

  idle(): Promise<void> {
    return this.writes;
  }
}
