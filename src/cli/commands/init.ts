import { Option } from 'commander';
import type { InitFlags } from '../actions/init.js';
import type { CommandRegistrar } from '../context.js';
import { CI_PROVIDERS } from '../init/scaffold.js';

export const registerInit: CommandRegistrar = (program, run) => {
  program
    .command('init')
    .description('scaffold a config, an example content source, CI files and .gitignore (never overwrites a file)')
    .argument('[dir]', 'folder to scaffold in', '.')
    .option('-y, --yes', 'use the defaults without asking')
    .addOption(
      new Option('--ci <provider>', 'CI files to write (default: gitlab where a .gitlab-ci.yml is and no .github/workflows, else github)').choices(
        CI_PROVIDERS,
      ),
    )
    .action((dir: string, options: InitFlags) => run(async (ctx) => (await import('../actions/init.js')).init(ctx, dir, options)));
};
