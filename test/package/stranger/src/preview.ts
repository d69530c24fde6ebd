// A preview bot: plans every environment of the config into one JSON report.
import { itemsLost, nodeHost, plan, startEmulator, type GraphformConfig, type RunningEmulator } from 'graphform';

const emulators: Record<string, RunningEmulator> = {
  staging: await startEmulator({ port: 0 }),
  production: await startEmulator({ port: 0 }),
};
try {
  const config: GraphformConfig = {
    sources: 'content-sources',
    environments: Object.fromEntries(
      Object.entries(emulators).map(([name, emulator]) => [
        name,
        {
          graphUrl: emulator.url,
          auth: { scheme: 'hmac', appKey: emulator.credentials.appKey, secret: emulator.credentials.secret },
          state: { backend: 'local', path: `.graphform/state/${name}.json` },
        },
      ]),
    ),
  };
  const host = nodeHost();
  const report: Record<string, unknown> = {};
  for (const environment of Object.keys(config.environments ?? {})) {
    const { plan: planned, breaking } = await plan({ config, environment }, host);
    report[environment] = {
      summary: planned.summary,
      sources: planned.sources.map((s) => ({ id: s.id, action: s.action })),
      itemsLost: itemsLost(planned),
      breaking: breaking.length,
    };
  }
  console.log(JSON.stringify(report, null, 2));
} finally {
  for (const emulator of Object.values(emulators)) await emulator.close();
}
