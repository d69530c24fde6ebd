// prepack / postpack: the packed package carries the build, not a script that builds it.
//
//   node scripts/pack-manifest.mjs prepack    build, then drop `prepare` from package.json
//   node scripts/pack-manifest.mjs postpack   put `prepare` back
//   node scripts/pack-manifest.mjs restore    put it back after a pack that was killed (npm run build does)
//
// `prepare` builds dist/ on `npm install` in a clone and on a git-URL install, where npm
// clones the repository and must build it. In a tarball it is an install script that a
// consumer's npm (11 and later) warns about ("install-scripts ... not yet covered by
// allowScripts") and that could not run anyway (the tarball has no sources). npm packs the
// package.json on disk and has no setting to leave a script out, so it is taken out of the
// file for the time of the pack (pinst's prepack/postpack pattern, as husky does).
//
// A pack killed between prepack and postpack (Ctrl+C, kill -9 of npm) would leave the
// repository without `prepare`, and a clone's `npm install` would no longer build. So
// prepack records what it took out, and which npm process packs, in a marker beside the
// manifest, and starts a small detached watcher that puts `prepare` back as soon as that
// process has gone, whether or not postpack ran. A marker the watcher could not act on (the
// machine went down) is acted on by the next pack and by `npm run build`, once the process
// it names is gone. Putting it back re-inserts the one script into package.json as it is
// then, so an edit made to it during the pack is kept.
//
// GRAPHFORM_PACK_PREBUILT=1 skips the build, for the package test, which packs the dist/
// it has just checked is fresh and must not rebuild it under other tests' feet.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clearInterval, setInterval } from 'node:timers';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SCRIPT), '..');
const MANIFEST = path.join(ROOT, 'package.json');
// Outside `files`, so never packed; in .gitignore, so never committed.
const MARKER = path.join(ROOT, '.package.json.prepack');
const WATCH_EVERY_MS = 200;

/** Writes a file in one rename: anything reading it meanwhile sees a whole file. */
function replace(file, text) {
  const next = `${file}.${randomBytes(4).toString('hex')}.next`;
  writeFileSync(next, text);
  renameSync(next, file);
}

function alive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return error.code === 'EPERM';
  }
}

/** The marker, or undefined. One an earlier version wrote holds the whole original manifest. */
function readMarker() {
  let text;
  try {
    text = readFileSync(MARKER, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const value = JSON.parse(text);
    if (value?.graphformPackMarker === 1) return value;
    const prepare = value?.scripts?.prepare;
    return typeof prepare === 'string' ? { pid: 0, prepare, after: scriptBefore(value.scripts, 'prepare'), original: text, stripped: undefined } : { pid: 0 };
  } catch {
    return { pid: 0 };
  }
}

/** The name of the script listed just before `name`, to put it back where it was. */
function scriptBefore(scripts, name) {
  const names = Object.keys(scripts);
  return names[names.indexOf(name) - 1];
}

/** `text` (a package.json) with `prepare` back after the script it followed. */
function withPrepare(text, marker) {
  const manifest = JSON.parse(text);
  const scripts = manifest.scripts ?? {};
  if (scripts.prepare !== undefined) return text;
  const entries = Object.entries(scripts);
  const before = marker.after === undefined ? -1 : entries.findIndex(([name]) => name === marker.after);
  // After the script it followed; first when it was first; last when that one is gone since.
  const at = marker.after === undefined ? 0 : before === -1 ? entries.length : before + 1;
  entries.splice(at, 0, ['prepare', marker.prepare]);
  manifest.scripts = Object.fromEntries(entries);
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * Puts `prepare` back and removes the marker; with `onlyAbandoned`, only when the pack that
 * wrote the marker has gone (one still packing is left alone). The exact original bytes
 * when package.json is as prepack left it, else the script re-inserted.
 */
function restore(onlyAbandoned) {
  const marker = readMarker();
  if (marker === undefined) return;
  if (onlyAbandoned && alive(marker.pid)) return;
  if (typeof marker.prepare === 'string') {
    const current = readFileSync(MANIFEST, 'utf8');
    const next = current === marker.stripped ? marker.original : withPrepare(current, marker);
    if (next !== current) replace(MANIFEST, next);
  }
  rmSync(MARKER, { force: true });
}

/**
 * The npm process running this lifecycle script: npm starts it through a shell, which may
 * or may not stay in between. The first ancestor that is npm (it shows its title, "npm
 * pack", or its own script, npm_execpath), else the parent.
 */
function packingProcess() {
  const npm = process.env.npm_execpath;
  let pid = process.ppid;
  for (let depth = 0; depth < 4 && pid > 1; depth++) {
    const ps = spawnSync('ps', ['-o', 'ppid=', '-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
    const match = /^\s*(\d+)\s+(.*)$/s.exec(ps.stdout ?? '');
    if (ps.status !== 0 || match === null) break;
    if (/^npm(\s|$)/.test(match[2]) || (npm !== undefined && match[2].includes(npm))) return pid;
    pid = Number(match[1]);
  }
  return process.ppid;
}

function prepack() {
  const marker = readMarker();
  if (marker !== undefined && alive(marker.pid)) {
    console.error(`graphform prepack: another pack (pid ${marker.pid}) is packing this folder; wait for it to end, then pack again.`);
    process.exit(1);
  }
  restore(false);
  if (process.env.GRAPHFORM_PACK_PREBUILT !== '1') {
    const npm = process.env.npm_execpath;
    const build =
      npm === undefined
        ? spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' })
        : spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('graphform prepack: the build failed, so nothing was packed.');
      process.exit(build.status ?? 1);
    }
  }
  const original = readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(original);
  const prepare = manifest.scripts?.prepare;
  if (prepare === undefined) return;
  const after = scriptBefore(manifest.scripts, 'prepare');
  delete manifest.scripts.prepare;
  const stripped = `${JSON.stringify(manifest, null, 2)}\n`;
  const pid = packingProcess();
  const nonce = randomBytes(8).toString('hex');
  // The marker first: from the moment package.json lacks `prepare`, something says how to put it back.
  replace(MARKER, `${JSON.stringify({ graphformPackMarker: 1, pid, nonce, prepare, after, original, stripped }, null, 2)}\n`);
  replace(MANIFEST, stripped);
  if (process.platform !== 'win32') spawn(process.execPath, [SCRIPT, 'watch', nonce], { cwd: ROOT, detached: true, stdio: 'ignore' }).unref();
}

/** The detached watcher: puts `prepare` back once the packing process has gone, unless postpack did first. */
function watch(nonce) {
  const timer = setInterval(() => {
    const marker = readMarker();
    if (marker?.nonce !== nonce) {
      clearInterval(timer);
      return;
    }
    if (alive(marker.pid)) return;
    clearInterval(timer);
    restore(true);
  }, WATCH_EVERY_MS);
}

const step = process.argv[2];
if (step === 'prepack') prepack();
else if (step === 'postpack') restore(false);
else if (step === 'restore') restore(true);
else if (step === 'watch' && process.argv[3] !== undefined) watch(process.argv[3]);
else {
  console.error('usage: node scripts/pack-manifest.mjs prepack|postpack|restore');
  process.exit(2);
}
