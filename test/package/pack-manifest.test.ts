import { spawn, spawnSync } from 'node:child_process';
import { existsSync, watch } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp-dir.js';

/**
 * scripts/pack-manifest.mjs takes `prepare` out of package.json for the time of `npm pack`.
 * An `npm pack` killed between prepack and postpack left the repository without it (and a
 * clone's `npm install` without a build) until the next pack. Each test runs the script in
 * a small package of its own, never in this repository.
 */
const repo = path.resolve(import.meta.dirname, '../..');

const SCRIPTS = {
  build: 'node scripts/pack-manifest.mjs restore && node -e 0',
  prepare: 'npm run build',
  // The pack is held after prepack, until the test has killed it: hold.js says so, then waits.
  prepack: 'node scripts/pack-manifest.mjs prepack && node hold.js',
  postpack: 'node scripts/pack-manifest.mjs postpack',
  test: 'node -e 0',
};
const HOLD = "process.stdout.write('PREPACKED\\n'); setInterval(() => undefined, 60_000);\n";
const MANIFEST = `${JSON.stringify({ name: 'packed', version: '1.0.0', private: true, scripts: SCRIPTS, files: ['index.js'] }, null, 2)}\n`;

async function packageDir(): Promise<string> {
  const dir = await makeTempDir('graphform-pack-manifest-');
  await mkdir(path.join(dir, 'scripts'));
  await copyFile(path.join(repo, 'scripts/pack-manifest.mjs'), path.join(dir, 'scripts/pack-manifest.mjs'));
  await writeFile(path.join(dir, 'package.json'), MANIFEST);
  await writeFile(path.join(dir, 'index.js'), 'export {};\n');
  await writeFile(path.join(dir, 'hold.js'), HOLD);
  return dir;
}

const env = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  GRAPHFORM_PACK_PREBUILT: '1',
  npm_config_loglevel: 'warn',
});

/** Resolves once `ready()` holds, checked on every change in `dir`; rejects with `what` after `ms`. */
function whenChanged(dir: string, ready: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dir);
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(what));
    }, ms);
    const check = (): void => {
      void ready().then((done) => {
        if (!done) return;
        clearTimeout(timer);
        watcher.close();
        resolve();
      });
    };
    watcher.on('change', check);
    check();
  });
}

const prepareOf = async (dir: string): Promise<unknown> =>
  (JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, unknown> }).scripts.prepare;

/** The pid of a process that has exited (and been reaped). */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' }).pid as number;
}

describe('npm pack and the prepare script', () => {
  it('an npm pack killed between prepack and postpack: package.json gets prepare back at once, byte for byte', async () => {
    const dir = await packageDir();
    // Its own process group, so the kill takes npm and the scripts it started, as Ctrl+C would.
    const npm = spawn('npm', ['pack', '--pack-destination', dir], { cwd: dir, env: env(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const seen = (chunk: Buffer): void => {
        output += chunk.toString('utf8');
        if (output.includes('PREPACKED')) resolve();
      };
      npm.stdout.on('data', seen);
      npm.stderr.on('data', seen);
      npm.on('close', () => reject(new Error(`npm pack ended before prepack was done:\n${output}`)));
    });
    expect(await prepareOf(dir)).toBeUndefined();
    const closed = new Promise((resolve) => npm.on('close', resolve));
    process.kill(-(npm.pid as number), 'SIGKILL');
    await closed;

    await whenChanged(
      dir,
      async () => (await prepareOf(dir)) !== undefined && !existsSync(path.join(dir, '.package.json.prepack')),
      'package.json still lacks prepare after the pack was killed',
    );
    expect(await readFile(path.join(dir, 'package.json'), 'utf8')).toBe(MANIFEST);
  });

  it('a marker a gone pack left (nothing watched it) is acted on by npm run build, keeping an edit made since', async () => {
    const dir = await packageDir();
    const { prepare, ...others } = SCRIPTS;
    const stripped = `${JSON.stringify({ name: 'packed', version: '1.0.0', private: true, scripts: others, files: ['index.js'] }, null, 2)}\n`;
    const marker = { graphformPackMarker: 1, pid: deadPid(), nonce: 'gone', prepare, after: 'build', original: MANIFEST, stripped };
    await writeFile(path.join(dir, '.package.json.prepack'), JSON.stringify(marker));
    // Edited while it lacked prepare: a dependency added.
    await writeFile(path.join(dir, 'package.json'), stripped.replace('"private": true,', '"private": true,\n  "dependencies": {},'));
    const build = spawnSync('npm', ['run', 'build'], { cwd: dir, env: env(), encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const restored = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string>; dependencies?: unknown };
    expect(Object.keys(restored.scripts)).toEqual(Object.keys(SCRIPTS));
    expect(restored.scripts.prepare).toBe('npm run build');
    expect(restored.dependencies).toEqual({});
    expect(existsSync(path.join(dir, '.package.json.prepack'))).toBe(false);
  });

  it('a pack still running is left alone: build does not put prepare back under it, and a second pack is refused', async () => {
    const dir = await packageDir();
    const { prepare, ...others } = SCRIPTS;
    const stripped = `${JSON.stringify({ name: 'packed', version: '1.0.0', private: true, scripts: others, files: ['index.js'] }, null, 2)}\n`;
    await writeFile(
      path.join(dir, '.package.json.prepack'),
      JSON.stringify({ graphformPackMarker: 1, pid: process.pid, nonce: 'live', prepare, after: 'build', original: MANIFEST, stripped }),
    );
    await writeFile(path.join(dir, 'package.json'), stripped);
    const build = spawnSync(process.execPath, ['scripts/pack-manifest.mjs', 'restore'], { cwd: dir, env: env(), encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    expect(await prepareOf(dir)).toBeUndefined();
    const second = spawnSync(process.execPath, ['scripts/pack-manifest.mjs', 'prepack'], { cwd: dir, env: env(), encoding: 'utf8' });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`another pack (pid ${process.pid}) is packing this folder`);
  });
});
