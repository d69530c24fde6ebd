import { spawn } from 'node:child_process';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { assertFreshBuild, BIN } from '../helpers/built-binary.js';
import { graphClientFor, startTestEmulator } from '../helpers/emulator.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startStateServer, type StateServer } from './state-server.js';

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface GhCall {
  args: string[];
  stdin: string;
}

export interface CiProject {
  /** The git work tree `graphform init` scaffolded, with its first commit on the default branch. */
  dir: string;
  /** The repository's default branch, which init read from git: main unless the test chose another. */
  branch: string;
  /** A folder outside the work tree for the runner's files (step summary, scripts). */
  scratch: string;
  emulator: RunningEmulator;
  stateServer: StateServer;
  /** What a runner gives every script: PATH with the stubs, and the secrets as the CI files map them. */
  secrets: Record<string, string>;
  git(...args: string[]): Promise<string>;
  /** Runs a script with bash the way the runner does (`-eo pipefail`), in the work tree. */
  bash(script: string, env: Record<string, string>): Promise<ScriptRun>;
  /** Sets what the stub `gh` answers to the list-comments call. */
  setComments(comments: unknown[]): Promise<void>;
  /** Sets what the stub `gh` answers to `gh api <endpoint>` (a GET), for endpoints other than the comments. */
  setGhResponse(endpoint: string, body: unknown): Promise<void>;
  /** Every `gh` call so far, with what it read from standard input. */
  ghCalls(): Promise<GhCall[]>;
  read(file: string): Promise<string>;
  /**
   * What a job leaves in git and a fresh runner would not have: the shallow marker of its
   * `git fetch --depth=1` (fetched from the work tree itself, it would cut the history the
   * next merge needs). Called after each job.
   */
  forgetJobFetches(): Promise<void>;
  write(file: string, content: string): Promise<void>;
}

/**
 * A project as a team would have it: `graphform init --ci <ci>` in a fresh git repository,
 * its `production` environment pointed (through the CI secrets) at a test emulator and a
 * state server. `npx graphform` runs this repository's built binary (a stub `npx` on PATH
 * stands in for `npm ci` plus npx), and a stub `gh` records its arguments and input.
 */
export async function ciProject(ci: 'github' | 'gitlab', { branch = 'main' }: { branch?: string } = {}): Promise<CiProject> {
  assertFreshBuild();
  const emulator = await startTestEmulator();
  const stateServer = await startStateServer();
  const dir = await makeTempDir('graphform-ci-');
  const stubs = await makeTempDir('graphform-ci-bin-');
  await writeStubs(stubs);

  const baseEnv = {
    PATH: [stubs, path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter),
    HOME: stubs,
    CI: 'true',
    GH_STUB_LOG: path.join(stubs, 'gh-calls.jsonl'),
    GH_STUB_COMMENTS: path.join(stubs, 'gh-comments.json'),
    GH_STUB_RESPONSES: path.join(stubs, 'gh-responses.json'),
    GIT_AUTHOR_NAME: 'Dev',
    GIT_AUTHOR_EMAIL: 'dev@example.com',
    GIT_COMMITTER_NAME: 'Dev',
    GIT_COMMITTER_EMAIL: 'dev@example.com',
  };
  const secrets = {
    GRAPH_URL: emulator.url,
    GRAPH_APP_KEY: emulator.credentials.appKey,
    GRAPH_SECRET: emulator.credentials.secret,
    STATE_URL: stateServer.address,
    STATE_USERNAME: stateServer.username,
    STATE_PASSWORD: stateServer.password,
  };
  const exec = (command: string, args: string[], env: Record<string, string>): Promise<ScriptRun> => run(command, args, dir, { ...baseEnv, ...env });
  const project: CiProject = {
    dir,
    branch,
    scratch: stubs,
    emulator,
    stateServer,
    secrets,
    git: async (...args) => {
      const result = await exec('git', args, {});
      if (result.code !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
      return result.stdout;
    },
    bash: async (script, env) => {
      const file = path.join(stubs, `script-${Date.now()}-${Math.random().toString(36).slice(2)}.sh`);
      await writeFile(file, script);
      return exec('bash', ['--noprofile', '--norc', '-eo', 'pipefail', file], env);
    },
    setComments: (comments) => writeFile(baseEnv.GH_STUB_COMMENTS, JSON.stringify(comments)),
    setGhResponse: async (endpoint, body) => {
      const responses = JSON.parse(await readFile(baseEnv.GH_STUB_RESPONSES, 'utf8').catch(() => '{}')) as Record<string, unknown>;
      await writeFile(baseEnv.GH_STUB_RESPONSES, JSON.stringify({ ...responses, [endpoint]: body }));
    },
    ghCalls: async () => {
      const log = await readFile(baseEnv.GH_STUB_LOG, 'utf8').catch(() => '');
      return log
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as GhCall);
    },
    read: (file) => readFile(path.join(dir, file), 'utf8'),
    forgetJobFetches: () => rm(path.join(dir, '.git/shallow'), { force: true }),
    write: async (file, content) => {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), content);
    },
  };
  await project.setComments([]);
  // The repository first, as a team has it: init reads its default branch from git.
  await project.git('init', '--quiet', `--initial-branch=${branch}`);
  const scaffolded = await runCli(['init', '--yes', '--ci', ci], { cwd: dir });
  if (scaffolded.code !== 0) throw new Error(`init failed: ${scaffolded.stderr}`);
  await project.git('add', '--all');
  await project.git('commit', '--quiet', '--message', 'graphform init');
  // The hosted repository the jobs fetch from (the base of a pull request, the newest main): the work tree's own.
  await project.git('remote', 'add', 'origin', dir);
  return project;
}

async function writeStubs(dir: string): Promise<void> {
  const npx = [
    '#!/bin/sh',
    `if [ "$1" = graphform ]; then shift; exec "${process.execPath}" "${BIN}" "$@"; fi`,
    'echo "stub npx: only graphform is installed" >&2',
    'exit 127',
    '',
  ];
  await writeFile(path.join(dir, 'npx'), npx.join('\n'));
  // gh: appends {args, stdin} to GH_STUB_LOG; a GET (no --method) answers what GH_STUB_RESPONSES
  // holds for its endpoint, else the comments in GH_STUB_COMMENTS, through --jq as gh does (gh
  // runs jq itself; the stub uses jq).
  const gh = [
    `#!${process.execPath}`,
    "const { appendFileSync, readFileSync } = require('node:fs');",
    "const { execFileSync } = require('node:child_process');",
    'const args = process.argv.slice(2);',
    "const stdin = readFileSync(0, 'utf8');",
    'appendFileSync(process.env.GH_STUB_LOG, JSON.stringify({ args, stdin }) + "\\n");',
    'const flag = (name) => { const i = args.indexOf(name); return i < 0 ? undefined : args[i + 1]; };',
    "if (args[0] !== 'api') { process.stderr.write('stub gh: only gh api\\n'); process.exit(1); }",
    "if (flag('--method') === undefined) {",
    '  let responses = {};',
    "  try { responses = JSON.parse(readFileSync(process.env.GH_STUB_RESPONSES, 'utf8')); } catch {}",
    "  const endpoint = args.find((arg, i) => i > 0 && !arg.startsWith('-') && !['--jq', '--method'].includes(args[i - 1]));",
    "  const json = endpoint in responses ? JSON.stringify(responses[endpoint]) : readFileSync(process.env.GH_STUB_COMMENTS, 'utf8');",
    "  const jq = flag('--jq');",
    "  process.stdout.write(jq === undefined ? json : execFileSync('jq', ['-r', jq], { input: json, encoding: 'utf8' }));",
    '} else {',
    '  process.stdout.write(JSON.stringify({ id: 4242 }));',
    '}',
    '',
  ];
  await writeFile(path.join(dir, 'gh'), gh.join('\n'));
  await chmod(path.join(dir, 'npx'), 0o755);
  await chmod(path.join(dir, 'gh'), 0o755);
}

/** A child process with no standard input (as on a runner), bounded in time. */
function run(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal === null ? 1 : 128), stdout, stderr }));
  });
}

/**
 * An item of source `site` pushed by another system (not in the repository's data files),
 * with an `_rbac` GraphQL does not serve back: with no `keep.defaults`, a full update cannot
 * carry it over, so the plan loses it (the data-loss gate's case).
 */
export async function pushItemFromElsewhere(project: CiProject): Promise<void> {
  const ndjson =
    '{"index":{"_id":"feed-1","language_routing":"en"}}\n{"ContentType":["Article"],"Language":{"Name":"en"},"Status":"Published","_rbac":"r:Everyone:Read","Title":"From the feed"}\n';
  await graphClientFor(project.emulator).pushData('site', ndjson);
}
