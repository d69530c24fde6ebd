// A deploy step: applies the declarations to one environment; refuses when items would be
// lost, and gives up cleanly when it takes longer than DEPLOY_TIMEOUT_MS.
import { apply, isGraphformError, itemsLost, nodeHost, plan, renderApplyEvent, type GraphformConfig } from 'graphform';

const config: GraphformConfig = {
  sources: 'content-sources',
  environments: {
    local: { emulator: { dataDir: '.graphform/emulator' }, state: { backend: 'local', path: '.graphform/state/local.json' } },
  },
};
const timeoutMs = Number(process.env.DEPLOY_TIMEOUT_MS ?? 600_000);
const host = nodeHost({ signal: AbortSignal.timeout(timeoutMs), report: (m) => console.error(`${m.kind}: ${m.text}`) });

try {
  const { plan: planned } = await plan({ config, environment: 'local' }, host);
  const lost = itemsLost(planned);
  if (lost.length > 0) {
    for (const source of lost) console.log(`refusing: ${source.id} would lose ${source.items ?? 'an unknown number of'} items`);
    process.exit(3);
  }
  const report = await apply({ config, environment: 'local', plan: planned, onEvent: (e) => console.error(renderApplyEvent(e)) }, host);
  if (report.refused === 'interrupted') {
    console.log(`cancelled after ${timeoutMs} ms; nothing was sent`);
    process.exit(4);
  }
  if (report.refused !== undefined) {
    console.log(`refused: ${report.refused}`);
    process.exit(1);
  }
  // Cut short after something was sent: the outcomes say which sources were applied; state records them.
  for (const outcome of report.outcomes) console.log(`${outcome.id}: ${outcome.status}`);
  process.exitCode = report.ok ? 0 : 1;
} catch (error) {
  if (isGraphformError(error) && error.code === 'GF_PLAN_INTERRUPTED') {
    console.log(`cancelled after ${timeoutMs} ms, while planning; nothing was sent`);
    process.exit(4);
  }
  throw error;
}
