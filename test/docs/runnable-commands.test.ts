import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../helpers/run-cli.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';
import { fencedBlocks, isRunnable, runnableSteps, type RunnableStep } from './runnable-blocks.js';

/**
 * Every `graphform` command in a runnable block of README.md and docs/*.md runs, in order,
 * in a fresh temp project against the `local` environment's embedded emulator, and ends
 * with the exit code the block gives (0 unless its comment says `# exits N`), printing the text
 * its comment quotes ("…"); a command whose comment says ``answer `yes` `` runs on a terminal
 * that gives that answer. A page whose first command is not `init` starts from
 * `graphform init --yes`.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pages = [
  'README.md',
  ...readdirSync(path.join(repo, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const withSteps = pages.map((page) => ({ page, steps: runnableSteps(readFileSync(path.join(repo, page), 'utf8')) })).filter((p) => p.steps.length > 0);

describe('runnable blocks of the docs', () => {
  it('are found: the quick start and the tour of the README run, and docs/README.md documents the marker', () => {
    const readme = withSteps.find((p) => p.page === 'README.md');
    expect(readme?.steps.filter((s) => s.kind === 'command').length ?? 0).toBeGreaterThanOrEqual(15);
    expect(readFileSync(path.join(repo, 'docs/README.md'), 'utf8')).toContain('```sh runnable');
  });

  it('leave no `runnable` block of another kind unread', () => {
    for (const page of pages) {
      for (const block of fencedBlocks(readFileSync(path.join(repo, page), 'utf8')).filter(isRunnable)) {
        expect(block.info, `${page}:${block.line}`).toMatch(/^(sh runnable$|\S+ runnable file=\S+$)/);
      }
    }
  });

  it('link to pages and headings that exist', () => {
    for (const page of pages) {
      const text = readFileSync(path.join(repo, page), 'utf8');
      for (const [, target] of outsideCode(text).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (target === undefined || /^[a-z]+:/.test(target)) continue;
        const [file = '', anchor] = target.split('#');
        const linked = file === '' ? page : path.join(path.dirname(page), file);
        expect(pages.includes(linked) || existsSync(path.join(repo, linked)), `${page}: ${target}`).toBe(true);
        if (anchor !== undefined) expect(anchors(readFileSync(path.join(repo, linked), 'utf8')), `${page}: ${target}`).toContain(anchor);
      }
    }
  });

  it.each(withSteps)('$page', { timeout: 180_000 }, async ({ page, steps }) => {
    const dir = await makeTempDir('graphform-docs-');
    const env = { XDG_CONFIG_HOME: path.join(dir, '.xdg'), GRAPHFORM_ALLOW_EMPTY: '' };
    const first = steps.find((s) => s.kind === 'command');
    if (first?.kind === 'command' && first.argv[0] !== 'init') {
      const init = await runCli(['init', '--yes'], { cwd: dir, env });
      expect(init.code, init.stderr).toBe(0);
    }
    for (const step of steps) await runStep(page, dir, env, step);
  });
});

async function runStep(page: string, dir: string, env: Record<string, string>, step: RunnableStep): Promise<void> {
  if (step.kind === 'file') {
    const target = path.resolve(dir, step.path);
    expect(target.startsWith(`${dir}${path.sep}`), `${page}:${step.line}: file= must stay in the project`).toBe(true);
    await writeFiles(dir, { [step.path]: step.content });
    return;
  }
  const tty = step.answer === undefined ? undefined : terminal(step.answer);
  const run: CliRun = await runCli(step.argv, { cwd: dir, env, ...(tty === undefined ? {} : { io: tty.io }) });
  const stderr = tty === undefined ? run.stderr : tty.written();
  const where = `${page}:${step.line}: \`${step.text}\` exited ${run.code}, the page says ${step.exitCode}\n--- stdout\n${run.stdout}\n--- stderr\n${stderr}`;
  expect(run.code, where).toBe(step.exitCode);
  for (const text of step.prints)
    expect(`${run.stdout}${stderr}`, `${page}:${step.line}: the output of \`${step.text}\` should contain "${text}"`).toContain(text);
}

/** A terminal (stdin and stderr) on which a person types `answer` at every question; `written` is what it showed. */
function terminal(answer: string): {
  io: { stdin: PassThrough & { isTTY: boolean; setRawMode: (raw: boolean) => void }; stderr: Writable & { isTTY: boolean } };
  written: () => string;
} {
  let shown = '';
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined });
  const stderr = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        shown += chunk.toString();
        if (chunk.toString().includes('Enter a value')) setImmediate(() => stdin.write(`${answer}\n`));
        done();
      },
    }),
    { isTTY: true },
  );
  return { io: { stdin, stderr }, written: () => shown };
}

/** The text outside fenced blocks. */
function outsideCode(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '');
}

/** GitHub's anchors of a page's headings. */
function anchors(markdown: string): string[] {
  return [...outsideCode(markdown).matchAll(/^#{1,6} (.+)$/gm)].map(([, title]) =>
    (title ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-'),
  );
}
