import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { manualInterrupts } from '../../src/cli/interrupts.js';
import * as graphform from '../../src/index.js';
import { assertFreshBuild, spawnBuilt } from '../helpers/built-binary.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';
import { rejection } from '../helpers/graphform-error.js';
import { runCli } from '../helpers/run-cli.js';
import { testHost } from '../helpers/workflow-host.js';

/** The first request of a plan's refresh: the emulator holds it until the test has fired the stop signal. */
const READ = { method: 'GET', pathPrefix: '/api/content/v3/types' } as const;

/** A project of one declared source, planned against the emulator, whose first GET types the emulator holds. */
async function heldPlan() {
  const emulator = await startTestEmulator();
  // The held request must end when the test releases it, never by the client's own timeout.
  const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() }, '', { requestTimeoutMs: 120_000 });
  const hold = emulator.faults.add({ ...READ, hold: true });
  const variables = { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret };
  /** Every service request the plan made, in order: only the one held when it stops promptly. */
  const requested = (): string[] => emulator.inspect.requests().map((r) => `${r.method} ${r.path}`);
  return { emulator, project, hold, variables, requested };
}

describe('plan and the stop signal', () => {
  beforeAll(assertFreshBuild);

  it('the workflow stops after the request in flight and throws GF_PLAN_INTERRUPTED, with no further request', { timeout: 30_000 }, async () => {
    const { emulator, project, hold, variables, requested } = await heldPlan();
    const controller = new AbortController();
    const planning = graphform.plan({}, testHost(project.dir, { variables, signal: controller.signal }));
    await emulator.faults.held(hold.id);
    controller.abort();
    emulator.faults.release(hold.id);
    const error = await rejection(planning);
    expect(error.code, error.message).toBe('GF_PLAN_INTERRUPTED');
    expect(requested()).toEqual(['GET /api/content/v3/types?id=shop']);
  });

  it('the command exits 143 on SIGTERM, says so and saves no plan file', { timeout: 30_000 }, async () => {
    const { emulator, project, hold, variables, requested } = await heldPlan();
    const trap = manualInterrupts();
    const planning = runCli(['plan', '--out', 'plan.json'], { cwd: project.dir, env: variables, io: { trapInterrupts: () => trap } });
    await emulator.faults.held(hold.id);
    trap.fire('SIGTERM');
    emulator.faults.release(hold.id);
    const run = await planning;
    expect(run.code, run.stderr).toBe(143);
    expect(run.stderr).toContain('Planning interrupted: no plan was made or saved, and nothing was sent.');
    expect(run.stdout).toBe('');
    expect(existsSync(path.join(project.dir, 'plan.json'))).toBe(false);
    expect(requested()).toEqual(['GET /api/content/v3/types?id=shop']);
  });

  it('the built binary exits 130 on a real SIGINT while it reads the service', { timeout: 30_000 }, async () => {
    const { emulator, project, hold, variables } = await heldPlan();
    const run = spawnBuilt(project.dir, ['plan'], variables);
    await emulator.faults.held(hold.id);
    run.child.kill('SIGINT');
    // The first signal asks for a clean stop: the process says it finishes the request in flight.
    await run.printed('SIGINT: finishing the request in flight');
    emulator.faults.release(hold.id);
    const ended = await run.ended;
    expect(ended.code, ended.stderr).toBe(130);
    expect(ended.stderr).toContain('Planning interrupted');
  });
});
