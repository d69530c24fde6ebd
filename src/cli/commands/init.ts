import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CommandContext, CommandRegistrar } from '../context.js';
import { checkAnswer, DEFAULT_ANSWERS, scaffold, type InitAnswers } from '../init/scaffold.js';
import { ask, canPrompt } from '../prompt.js';

const TEMPLATES = new URL('../../../templates/', import.meta.url);

export const registerInit: CommandRegistrar = (program, run) => {
  program
    .command('init')
    .description('scaffold a config, an example content source and a CI workflow (never overwrites a file)')
    .argument('[dir]', 'folder to scaffold in', '.')
    .option('-y, --yes', 'use the defaults without asking')
    .action((dir: string, options: { yes?: boolean }) => run((ctx) => init(ctx, dir, options.yes === true)));
};

async function init(ctx: CommandContext, dir: string, yes: boolean): Promise<number> {
  const target = path.resolve(ctx.io.cwd, dir);
  const answers = yes || !canPrompt(ctx.io) ? DEFAULT_ANSWERS : await askAnswers(ctx);
  const [config, source, workflow] = await Promise.all(
    ['graphform.config.yaml', 'content-source.yaml', 'workflows/graphform.yml'].map((name) => readFile(new URL(name, TEMPLATES), 'utf8')),
  );
  const files = scaffold(answers, { config: config ?? '', source: source ?? '', workflow: workflow ?? '' });
  const c = ctx.color();
  let created = 0;
  for (const file of files) {
    const full = path.join(target, file.path);
    await mkdir(path.dirname(full), { recursive: true });
    try {
      await writeFile(full, file.content, { flag: 'wx' });
      created++;
      ctx.out(`${c.green('created')}  ${path.relative(ctx.io.cwd, full) || file.path}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      ctx.out(`${c.yellow('exists')}   ${path.relative(ctx.io.cwd, full)} (left as it is)`);
    }
  }
  ctx.out(
    created === 0
      ? '\nNothing to do: every file already exists.'
      : `\nNext: add ".graphform/" to .gitignore, then run \`npx graphform plan\` to see what would be created on the local emulator.`,
  );
  return 0;
}

async function askAnswers(ctx: CommandContext): Promise<InitAnswers> {
  const question = async (key: keyof InitAnswers, text: string, fallback: string): Promise<string> => {
    for (;;) {
      const answer = (await ask(ctx.io, `${text} (${fallback}): `)) || fallback;
      const problem = checkAnswer(key, answer);
      if (problem === undefined) return answer;
      ctx.err(`  ${problem}`);
    }
  };
  const id = await question('id', 'Content source id', DEFAULT_ANSWERS.id);
  const label = await question('label', 'Label', DEFAULT_ANSWERS.label);
  const languages = await question('languages', 'Languages', DEFAULT_ANSWERS.languages.join(', '));
  const sources = await question('sources', 'Declarations folder', DEFAULT_ANSWERS.sources);
  return { id, label, languages: languages.split(',').map((l) => l.trim()), sources };
}
