import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile, mkdir, readFile, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { ratioRow, type BenchRow } from './bench-row.js';
import { median } from './child.js';
import { measuredPlan } from './plan-bench.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/graphform.js');
const run = promisify(execFile);

export interface OperationsBenchOptions {
  /** Timed runs of each plan; the median is taken. */
  repetitions?: number;
  /** Files of frontend documents, half `.graphql`, half `.tsx`, and operations across them. */
  files?: number;
  operations?: number;
  bin?: string;
}

/**
 * The ceiling: checking the operations adds at most 30 % to the plan. Both rows are
 * held to it: the warm one (the check's cache in place) meets it; the cold one (a first
 * plan, a fresh CI runner) does not, and docs/performance.md says why.
 */
const TARGET = 1.3;

/** Operations of the example project's types, in the shapes frontends write: lists, filters, locales, fragments, interfaces. */
const SHAPES: readonly ((n: number) => string)[] = [
  (n) =>
    `query PostList${n}($locale: [Locales], $limit: Int) {\n  BlogPost(locale: $locale, limit: $limit) {\n    items { _id Title Summary ReadingMinutes PublishedAt Authors { FullName Email } }\n    total\n  }\n}`,
  (n) =>
    `query Post${n}($id: String) {\n  BlogPost(where: { _id: { eq: $id } }) {\n    items { ...PostBody${n} }\n  }\n}\nfragment PostBody${n} on BlogPost { Title Body Categories Status }`,
  (n) =>
    `query Products${n} {\n  Product(limit: 20, where: { Quantity: { gt: 0 } }) {\n    items { Name Sku Quantity Price { Amount Currency } Size { Width Height Depth } }\n    total\n  }\n}`,
  (n) =>
    `query Catalogue${n}($locale: [Locales]) {\n  Item(locale: $locale) {\n    items { Name Tags ... on Product { Sku ReleaseDate } ... on Bundle { Contents OnSale } }\n  }\n}`,
  (n) =>
    `query Faq${n}($topic: String) {\n  FaqEntry(where: { Topic: { eq: $topic } }, orderBy: { _ranking: RELEVANCE }) {\n    items { Question Answer Helpful Language { Name } }\n  }\n}`,
];

/** `operations` operations over `files` files: each `.graphql` file holds its share as text, each `.tsx` file as `gql` tags. */
async function writeDocuments(dir: string, files: number, operations: number): Promise<void> {
  await mkdir(path.join(dir, 'web/src'), { recursive: true });
  let next = 0;
  for (let file = 0; file < files; file++) {
    const count = Math.floor(((file + 1) * operations) / files) - Math.floor((file * operations) / files);
    const texts = Array.from({ length: count }, () => {
      const n = next++;
      return (SHAPES[n % SHAPES.length] as (n: number) => string)(n);
    });
    if (file % 2 === 0) await writeFile(path.join(dir, `web/src/q${file}.graphql`), `${texts.join('\n\n')}\n`);
    else {
      const tags = texts.map((text, i) => `export const Q${i} = gql\`\n${text}\n\`;`).join('\n\n');
      await writeFile(
        path.join(dir, `web/src/c${file}.tsx`),
        `import { gql } from '@apollo/client';\n\n${tags}\n\nexport const View = (): JSX.Element => <div />;\n`,
      );
    }
  }
}

type Timed = { seconds: number; cpuSeconds: number };

function medians(runs: readonly Timed[]): Timed {
  return { seconds: median(runs.map((r) => r.seconds)), cpuSeconds: median(runs.map((r) => r.cpuSeconds)) };
}

/**
 * Reports, as it ends, how long the process has run and its CPU time (all threads). With
 * arguments (graphql's bundle, a schema's SDL, the documents' texts as JSON), it first does
 * what no code of graphform's can make cheaper: loads graphql, builds the schema, parses
 * and validates every document.
 */
const ALONE = `import { readFileSync } from 'node:fs';
const [bundle, sdl, texts] = process.argv.slice(2);
if (bundle !== undefined) {
  const { buildSchema, parse, validate } = await import(bundle);
  const schema = buildSchema(readFileSync(sdl, 'utf8'));
  const definitions = JSON.parse(readFileSync(texts, 'utf8')).flatMap((text) => parse(text).definitions);
  const errors = validate(schema, { kind: 'Document', definitions });
  if (errors.length > 0) throw new Error(errors[0].message);
}
const usage = process.resourceUsage();
process.stdout.write(JSON.stringify({ seconds: performance.now() / 1000, cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6 }));
`;

/**
 * The floor under the cold check: graphql-js alone, bundled into one file as the check's
 * worker has it, doing the check's parse and validation of the same documents against the
 * served schema (\`codegen\`'s SDL of it) in a fresh process, less a process that only starts.
 */
async function graphqlAlone(dir: string, checked: string, bin: string, repetitions: number): Promise<Timed> {
  const { build } = await import('rolldown');
  const bundle = path.join(dir, 'graphql.mjs');
  await build({ input: path.join(ROOT, 'node_modules/graphql/index.mjs'), platform: 'node', logLevel: 'warn', output: { file: bundle, format: 'esm' } });
  await run(process.execPath, [bin, 'codegen', '--out', 'alone', '--no-color'], { cwd: checked });
  const texts = path.join(dir, 'texts.json');
  await writeFile(texts, JSON.stringify(await documentTexts(path.join(checked, 'web/src'))));
  const script = path.join(dir, 'alone.mjs');
  await writeFile(script, ALONE);
  const timed = async (args: string[]): Promise<Timed> => JSON.parse((await run(process.execPath, [script, ...args])).stdout) as Timed;
  const bare: Timed[] = [];
  const working: Timed[] = [];
  for (let i = 0; i < repetitions; i++) {
    bare.push(await timed([]));
    working.push(await timed([pathToFileURL(bundle).href, path.join(checked, 'alone/_schema.graphql'), texts]));
  }
  const [b, w] = [medians(bare), medians(working)];
  return { seconds: w.seconds - b.seconds, cpuSeconds: w.cpuSeconds - b.cpuSeconds };
}

/** The GraphQL of writeDocuments' files: a `.graphql` file whole, each `gql` template of a `.tsx` file. */
async function documentTexts(folder: string): Promise<string[]> {
  const texts: string[] = [];
  for (const name of await readdir(folder)) {
    const text = await readFile(path.join(folder, name), 'utf8');
    if (name.endsWith('.graphql')) texts.push(text);
    else for (const match of text.matchAll(/gql`([^`]*)`/g)) texts.push(match[1] as string);
  }
  return texts;
}

/**
 * The cost of the operations check: `plan` of the example project (content-sources/, applied
 * once to the embedded emulator, so the plan has no changes) with `operations.documents`
 * naming 500 operations across 200 files, against the same plan without it: cold (the
 * check's cache removed before each run) and warm (the cache of the run before in place).
 * The three are timed in turn, the median of each taken. The checked plan must report every
 * operation unaffected, or the figure would measure something else.
 */
export async function runOperationsBench(options: OperationsBenchOptions = {}): Promise<BenchRow[]> {
  const repetitions = options.repetitions ?? 7;
  const files = options.files ?? 200;
  const operations = options.operations ?? 500;
  const bin = options.bin ?? BIN;
  if (!existsSync(path.join(path.dirname(bin), '../dist/cli/process.js')))
    throw new Error(`no build beside ${bin}: run \`npm run build\` before the operations benchmark`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'graphform-operations-bench-'));
  try {
    const plain = path.join(dir, 'plain');
    await cp(path.join(ROOT, 'content-sources'), path.join(plain, 'content-sources'), { recursive: true });
    await cp(path.join(ROOT, 'graphform.config.yaml'), path.join(plain, 'graphform.config.yaml'));
    await run(process.execPath, [bin, 'apply', '--yes', '--no-color'], { cwd: plain, env: { ...process.env, NO_COLOR: '1' } });
    const checked = path.join(dir, 'checked');
    await cp(plain, checked, { recursive: true });
    const config = await readFile(path.join(checked, 'graphform.config.yaml'), 'utf8');
    await writeFile(path.join(checked, 'graphform.config.yaml'), `${config}operations:\n  documents: ["web/src/**/*.graphql", "web/src/**/*.tsx"]\n`);
    await writeDocuments(checked, files, operations);
    const expected = `against the schema served after this apply: ${operations} unaffected`;
    await measuredPlan(bin, plain, 'No changes.');
    await measuredPlan(bin, checked, expected);
    const cache = path.join(checked, '.graphform/cache');
    const without: Timed[] = [];
    const cold: Timed[] = [];
    const warm: Timed[] = [];
    for (let i = 0; i < repetitions; i++) {
      without.push(await measuredPlan(bin, plain, 'No changes.', true));
      await rm(cache, { recursive: true, force: true });
      cold.push(await measuredPlan(bin, checked, expected, true));
      warm.push(await measuredPlan(bin, checked, expected, true));
    }
    const alone = await graphqlAlone(dir, checked, bin, repetitions);
    const a = medians(without);
    const what = `\`plan\` of the example project (applied, no changes) checking ${operations} frontend operations across ${files} files (half .graphql, half .tsx gql tags) vs without`;
    const row = (label: string, runs: Timed[], detail = ''): BenchRow => {
      const b = medians(runs);
      const figures = `${b.seconds.toFixed(2)} s vs ${a.seconds.toFixed(2)} s; CPU, all threads: ${b.cpuSeconds.toFixed(2)} s vs ${a.cpuSeconds.toFixed(2)} s`;
      return ratioRow(`${what}, ${label}`, b.seconds / a.seconds, TARGET, `${figures}${detail}`);
    };
    const floor = `; graphql-js alone (its load, the schema from its SDL, parse and validate of these operations) in a fresh process adds ${alone.seconds.toFixed(2)} s and ${alone.cpuSeconds.toFixed(2)} s CPU to node's start`;
    return [row("the check's cache in place (warm)", warm), row('no cache (cold)', cold, floor)];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
