import type { WorkflowHost, WorkflowMessage } from '../../src/workflows/host.js';

/** A workflow host for tests: the folder and variables given, the real clock, messages kept in `messages`. */
export function testHost(cwd: string, overrides: Partial<WorkflowHost> = {}): WorkflowHost & { messages: WorkflowMessage[] } {
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
