import { startEmulator } from '../../src/emulator/index.js';

/**
 * The emulator in its own process, so its memory (it holds every item) does not count in
 * the pipeline's figures. Sends {url, credentials} to the parent, closes on "close".
 */
export async function run(_args: unknown, send: (message: unknown) => void, onMessage: (handler: (message: unknown) => void) => void): Promise<void> {
  const emulator = await startEmulator({ port: 0 });
  await new Promise<void>((resolve) => {
    onMessage((message) => {
      if (message === 'close') void emulator.close().then(resolve);
    });
    send({ url: emulator.url, credentials: emulator.credentials });
  });
}
