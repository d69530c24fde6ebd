import { describe, expect, it } from 'vitest';
import { configRefusal as refusal } from '../helpers/config-refusal.js';

describe('numbers in the config', () => {
  it.each([
    ['1e400', 'http:\n  timeoutMs: 1e400\n', 'graphform.config.yaml:2:14 (http.timeoutMs)', /got a number too large to hold, which is not a finite number/],
    ['.nan', 'data:\n  concurrency: .nan\n', 'graphform.config.yaml:2:16 (data.concurrency)', /got \.nan, which is not a finite number/],
    [
      'a timeout past what a timer can wait',
      'http:\n  timeoutMs: 1e20\n',
      'graphform.config.yaml:2:14 (http.timeoutMs)',
      /expected a whole number from 1 to 2147483647, got number 100000000000000000000, which is too large/,
    ],
  ])('%s is refused at its key, saying why', async (_name, text, at, why) => {
    const error = await refusal({ 'graphform.config.yaml': text });
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toContain(at);
    expect(error.message).toMatch(why);
    expect(error.message).not.toContain('null');
  });
});

describe('a key written one level too high', () => {
  it.each([
    ['operations.failOn', 'failOn: broken\n', 'graphform.config.yaml:1:1 (failOn): unknown key `failOn`; it belongs under `operations` (operations.failOn)'],
    ['http.timeoutMs', 'timeoutMs: 1000\n', 'graphform.config.yaml:1:1 (timeoutMs): unknown key `timeoutMs`; it belongs under `http` (http.timeoutMs)'],
  ])('%s is named where it belongs', async (_name, text, said) => {
    const error = await refusal({ 'graphform.config.yaml': text });
    expect(error.message).toContain(said);
  });

  it('a near miss still gets its did-you-mean first', async () => {
    const error = await refusal({ 'graphform.config.yaml': 'operation:\n  documents: [a.graphql]\n' });
    expect(error.message).toContain('unknown key `operation`; did you mean `operations`?');
  });
});
