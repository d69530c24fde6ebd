// The licence texts of the packages a bundle has inside it, for the file written beside it:
// their code ships in graphform's own files there, so their notices ship with it.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes `file` with each package's name, version and licence text, for the bundled module ids (absolute paths). */
export async function writeNotices(file, moduleIds) {
  const packages = new Map();
  const marker = `${path.sep}node_modules${path.sep}`;
  for (const id of moduleIds) {
    const at = id.lastIndexOf(marker);
    if (at === -1) continue;
    const rest = id.slice(at + marker.length).split(path.sep);
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    packages.set(name, path.join(id.slice(0, at + marker.length), name));
  }
  const sections = [];
  for (const [name, dir] of [...packages].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
    const licence = (await readdir(dir)).find((entry) => /^(licen[cs]e|copying)(\.|$)/i.test(entry));
    const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
    const text =
      licence === undefined
        ? `The package ships no licence text; its package.json names the licence ${manifest.license}${repository === undefined ? '' : `, and its repository ${repository}`}.`
        : (await readFile(path.join(dir, licence), 'utf8')).trim();
    sections.push(`## ${name}@${manifest.version} (${manifest.license})\n\n${text}\n`);
  }
  await writeFile(file, `# Third-party notices\n\nThe bundles in this folder contain code of these packages.\n\n${sections.join('\n')}`);
}
