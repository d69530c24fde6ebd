import { Option } from 'commander';
import type { CommandRegistrar } from '../context.js';
import { parseIntFlag } from '../int-flag.js';

const handlers = () => import('../actions/auth.js');

export const registerAuth: CommandRegistrar = (program, run) => {
  const auth = program.command('auth').description('log in to the marketing platform and manage the stored tokens');
  auth
    .command('login')
    .description('log in with the authorization-code flow: prints the URL, opens a browser where there is one, waits for the callback')
    .option('--no-browser', 'only print the URL; never start a browser')
    .addOption(
      new Option('--timeout <seconds>', 'how long to wait for the browser (default 300)').argParser((value) =>
        parseIntFlag(value, '--timeout', { min: 1, max: 86_400 }),
      ),
    )
    .action((o: { browser: boolean; timeout?: number }) =>
      run(async (ctx) => (await handlers()).authLogin(ctx, { browser: o.browser, timeoutSeconds: o.timeout })),
    );
  auth
    .command('status')
    .description('who is logged in, the app mode if known, when the tokens expire, where they are stored')
    .action(() => run(async (ctx) => (await handlers()).authStatus(ctx)));
  auth
    .command('refresh')
    .description('refresh the access token now (the rotated pair is stored first)')
    .action(() => run(async (ctx) => (await handlers()).authRefresh(ctx)));
  auth
    .command('logout')
    .description('revoke the refresh token, then delete the stored tokens')
    .option('--no-revoke', 'delete the stored tokens without asking the server to revoke them')
    .action((o: { revoke: boolean }) => run(async (ctx) => (await handlers()).authLogout(ctx, { revoke: o.revoke })));
};
