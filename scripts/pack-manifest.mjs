// prepack / postpack: the packed package carries the build, not a script that builds it.
//
//   node scripts/pack-manifest.mjs prepack    build, then drop `prepare` from package.json
//   node scripts/pack-manifest.mjs postpack   put package.json back as it was
//
// `prepare` builds dist/ on `npm install` in a clone and on a git-URL install, where npm
// clones the repository and must build it. In a tarball it would be an install script
// that a consumer's npm (11 and later) warns about and that could not run anyway (the
// tarball has no sources), so it is taken out of the manifest for the time of the pack.
// npm has no setting for that; this is the prepack/postpack pattern of pinst (husky).
//
// GRAPHFORM_PACK_PREBUILT=1 skips the build, for the package test, which packs the dist/
// it has just checked is fresh and must not rebuild it under other tests' feet.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MANIFEST = path.join(ROOT, 'package.json');
// Outside `files`, so never packed; in .gitignore, so never committed.
const KEPT = path.join(ROOT, '.package.json.prepack');

/** A pack that died between prepack and postpack left the original aside: put it back first. */
function restore() {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
}

function prepack() {
  restore();
  if (process.env.GRAPHFORM_PACK_PREBUILT !== '1') {
    const npm = process.env.npm_execpath;
    const build = npm === undefined ? spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' }) : spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('graphform prepack: the build failed, so nothing was packed.');
      process.exit(build.status ?? 1);
    }
  }
  const text = readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(text);
  if (manifest.scripts?.prepare === undefined) return;
  writeFileSync(KEPT, text);
  delete manifest.scripts.prepare;
  // Replaced in one rename: anything reading package.json meanwhile sees a whole file.
  const next = `${MANIFEST}.next`;
  writeFileSync(next, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(next, MANIFEST);
}

const step = process.argv[2];
if (step === 'prepack') prepack();
else if (step === 'postpack') restore();
else {
  console.error('usage: node scripts/pack-manifest.mjs prepack|postpack');
  process.exit(2);
}
