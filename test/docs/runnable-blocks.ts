/**
 * Reads the runnable blocks of a markdown page (docs/README.md describes the marker):
 * a fenced block whose info string holds the word `runnable`.
 *
 *   ```sh runnable            each line is one `graphform` command (`npx ` is dropped);
 *                             `# exits N` in its comment is the exit code it must end with;
 *                             text in double quotes in its comment must appear in its output;
 *                             ``answer `yes` `` runs it on a terminal that answers each question so
 *   ```yaml runnable file=P   the block's text is written to P in the project
 */

export type RunnableStep =
  | { kind: 'command'; line: number; text: string; argv: string[]; exitCode: number; prints: string[]; answer?: string }
  | { kind: 'file'; line: number; path: string; content: string };

export interface FencedBlock {
  line: number;
  info: string;
  body: string[];
}

/** Every fenced block (``` or ~~~, three or more) of a markdown text, with its 1-based opening line. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split('\n');
  const blocks: FencedBlock[] = [];
  let open: { fence: string; block: FencedBlock } | undefined;
  lines.forEach((text, index) => {
    if (open === undefined) {
      const start = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(text);
      if (start !== undefined && start !== null) {
        open = { fence: start[1] ?? '```', block: { line: index + 1, info: (start[2] ?? '').trim(), body: [] } };
      }
      return;
    }
    const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(text);
    if (close !== null && (close[1] ?? '').startsWith(open.fence[0] ?? '`') && (close[1] ?? '').length >= open.fence.length) {
      blocks.push(open.block);
      open = undefined;
      return;
    }
    open.block.body.push(text);
  });
  if (open !== undefined) throw new Error(`unclosed code block at line ${open.block.line}`);
  return blocks;
}

export function isRunnable(block: FencedBlock): boolean {
  return block.info.split(/\s+/).includes('runnable');
}

/** The steps of a page's runnable blocks, in order. Throws on a runnable line it cannot run. */
export function runnableSteps(markdown: string): RunnableStep[] {
  const steps: RunnableStep[] = [];
  for (const block of fencedBlocks(markdown).filter(isRunnable)) {
    const words = block.info.split(/\s+/);
    const file = words.find((w) => w.startsWith('file='))?.slice('file='.length);
    if (file !== undefined) {
      steps.push({ kind: 'file', line: block.line, path: file, content: `${block.body.join('\n')}\n` });
      continue;
    }
    if (words[0] !== 'sh') throw new Error(`line ${block.line}: a runnable block is \`sh\` (commands) or has file=PATH`);
    block.body.forEach((text, index) => {
      const line = block.line + 1 + index;
      const { command, comment } = splitComment(text);
      if (command.trim() === '') return;
      const argv = shellWords(command, line);
      if (argv[0] === 'npx') argv.shift();
      if (argv[0] !== 'graphform') throw new Error(`line ${line}: a runnable line must be a graphform command: ${text}`);
      const exits = /\bexits (\d+)\b/.exec(comment);
      const answer = /\banswer `([^`]*)`/.exec(comment)?.[1];
      // A quoted claim about the output is checked, so the comment cannot drift from what graphform prints.
      const prints = [...comment.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? '');
      steps.push({
        kind: 'command',
        line,
        text: command.trim(),
        argv: argv.slice(1),
        exitCode: exits === null ? 0 : Number(exits[1]),
        prints,
        ...(answer === undefined ? {} : { answer }),
      });
    });
  }
  return steps;
}

/** The command and its trailing `# comment` (a `#` outside quotes, at the start or after a space). */
function splitComment(text: string): { command: string; comment: string } {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '#' && (i === 0 || /\s/.test(text[i - 1] ?? ''))) {
      return { command: text.slice(0, i), comment: text.slice(i + 1) };
    }
  }
  return { command: text, comment: '' };
}

/** Words as a POSIX shell splits them: spaces, single and double quotes. Anything shell-special is refused. */
function shellWords(command: string, line: number): string[] {
  if (/[|&;<>$`\\()]/.test(command.replace(/'[^']*'|"[^"]*"/g, ''))) {
    throw new Error(`line ${line}: a runnable command may not use pipes, redirections, variables or sub-shells: ${command}`);
  }
  const words: string[] = [];
  const pattern = /'([^']*)'|"([^"]*)"|(\S+)/g;
  let current = '';
  let last = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(command)) !== null) {
    if (match.index > last && /\s/.test(command.slice(last, match.index)) && current !== '') {
      words.push(current);
      current = '';
    }
    current += match[1] ?? match[2] ?? match[3] ?? '';
    last = pattern.lastIndex;
  }
  if (current !== '') words.push(current);
  return words;
}
