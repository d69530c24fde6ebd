import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { renderError } from '../../src/cli/render-error.js';
import { GraphformError } from '../../src/diagnostics/errors.js';
import { GraphServiceError } from '../../src/graph/errors.js';
import { rememberSecrets } from '../../src/http/secret-list.js';
import { lockHeldError, parseLockInfo } from '../../src/state/lock-info.js';

const plain = new Chalk({ level: 0 });
const render = (error: unknown, verbose = false): string => renderError(error, { verbose, color: plain });

describe('renderError, the last step before an error is printed', () => {
  it('hides the token in a Terraform-style lock holder (Who: "runner@<url>?token=…") in GF_STATE_LOCKED', () => {
    const holder = parseLockInfo({
      ID: '5f0c2a9e-1111-2222-3333-444455556666',
      Operation: 'apply',
      Who: 'runner@https://ci.example.com/jobs/7?token=glpat-9f8e7d6c5b4a',
      Created: '2026-11-22T09:00:00.000Z',
    });
    const text = render(lockHeldError(holder, 'https://state.example.com/state', new Date('2026-11-22T10:00:00.000Z')));
    expect(text).toContain('GF_STATE_LOCKED');
    expect(text).toContain('token=[redacted]');
    expect(text).not.toContain('glpat-9f8e7d6c5b4a');
  });

  it('hides every configured secret, in every encoding, in the message, the hint and the cause', () => {
    const secret = 'rendered-secret-77';
    rememberSecrets([secret]);
    const b64 = Buffer.from(secret).toString('base64');
    const error = new GraphformError('GF_USAGE', `said ${secret} and ${b64.replace(/=+$/, '')}`, {
      hint: `try ${encodeURIComponent(secret)} or ${Buffer.from(secret).toString('base64url')}`,
      cause: new Error(`because ${b64}`),
    });
    const text = render(error, true);
    expect(text).toContain('[redacted]');
    expect(text).not.toMatch(/rendered-secret|cmVuZGVyZWQtc2VjcmV0LTc3/);
  });

  it('hides them in an internal error too', () => {
    rememberSecrets(['internal-secret-88']);
    expect(render(new Error('boom internal-secret-88'), true)).not.toContain('internal-secret-88');
  });

  it("prints graphform's own hint word for word: a 401 names epi-hmac signatures, whatever secrets are configured", () => {
    rememberSecrets(['a-configured-secret-99']);
    const text = render(new GraphServiceError({ status: 401, method: 'GET', path: '/api/content/v3/types?id=shop', body: 'Unauthorized', attempts: 1 }));
    expect(text).toContain('GF_GRAPH_HTTP_401');
    expect(text).toContain(
      "  Check the environment's appKey and secret, and that this machine's clock is right:\n  epi-hmac signatures carry a timestamp the service checks.",
    );
  });
});
