import type { WorkflowEnvironment, WorkflowMessage } from '../../src/workflows/host.js';

/** A workflow environment for tests: the folder and variables given, the real clock, messages kept in `messages`. */
export function testEnvironment(cwd: string, overrides: Partial<WorkflowEnvironment> = {}): WorkflowEnvironment & { messages: WorkflowMessage[] } {
  const messages: WorkflowMessage[] = [];
  return {
    cwd,
    variables: {},
    now: () => new Date(),
    report: (message) => void messages.push(message),
    verbose: false,
    holder: { who: 'test', pid: process.pid, host: 'test-host' },
    ...overrides,
    messages,
  };
}
