import { cp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

export const repository = path.resolve(import.meta.dirname, '../..');

/** The repository's example project (graphform.config.yaml and content-sources/, data included) in a temp folder. */
export async function examplesProject(): Promise<string> {
  const dir = await makeTempDir();
  await cp(path.join(repository, 'content-sources'), path.join(dir, 'content-sources'), { recursive: true });
  await cp(path.join(repository, 'graphform.config.yaml'), path.join(dir, 'graphform.config.yaml'));
  return dir;
}

/** test/fixtures/codegen (inheritance, property types, lists, dates, a custom scalar) in a temp folder. */
export async function fixtureProject(): Promise<string> {
  const dir = await makeTempDir();
  await cp(path.join(repository, 'test/fixtures/codegen'), dir, { recursive: true });
  return dir;
}

/** Runs `graphform codegen` there and expects it to succeed. */
export async function codegenIn(dir: string, ...args: string[]): Promise<string> {
  const result = await runCli(['codegen', ...args], { cwd: dir });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

export async function generated(dir: string, name: string): Promise<string> {
  return readFile(path.join(dir, 'generated/graphform', name), 'utf8');
}
