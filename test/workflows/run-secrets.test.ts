import { describe, expect, it } from 'vitest';
import { createSecretList, nodeHost, validate, type GraphformConfig } from '../../src/index.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

/**
 * Two runs in one process, each with its own environment and secrets: a declared value that
 * holds a run's secret is "[redacted]" in that run's result, and a value holding the other
 * run's secret is not, because neither run learns the other's (no process-wide list).
 */
const SECRET_A = 'c2VjcmV0LW9mLXJ1bi1hLXh4eHh4eA==';
const SECRET_B = 'c2VjcmV0LW9mLXJ1bi1iLXl5eXl5eQ==';
const SCRIPT_TOKEN = 'script-own-token-0123456789';

const DECLARATION = `id: shop\nlabel: "label ${SECRET_A}"\ndescription: "description ${SECRET_B}"\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Name: { type: String }\n      Note: { type: String, helpText: "help ${SCRIPT_TOKEN}" }\n`;

function configWith(secret: string): GraphformConfig {
  return {
    defaultEnvironment: 'production',
    environments: { production: { graphUrl: 'https://graph.example.com', auth: { scheme: 'hmac', appKey: 'app-key', secret } } },
  };
}

async function shownFields(config: GraphformConfig, env: ReturnType<typeof nodeHost>): Promise<{ label: unknown; description: unknown; help: unknown }> {
  const result = await validate({ config }, env);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const definition = result.declarations[0]?.definition;
  return { label: definition?.label, description: definition?.description, help: definition?.contentTypes.Product?.properties.Note?.helpText };
}

describe('the secrets a run knows', () => {
  it("are its own: two runs one after the other each redact their own secret and not the other run's", async () => {
    const project = await makeProjectDir({ 'content-sources/shop.yaml': DECLARATION });
    const first = await shownFields(configWith(SECRET_A), nodeHost({ cwd: project, variables: {} }));
    const second = await shownFields(configWith(SECRET_B), nodeHost({ cwd: project, variables: {} }));
    expect(first).toMatchObject({ label: '[redacted]', description: `description ${SECRET_B}` });
    expect(second, "the second run must not know the first run's secret").toMatchObject({ label: `label ${SECRET_A}`, description: '[redacted]' });
  });

  it('are its own when the runs overlap', async () => {
    const project = await makeProjectDir({ 'content-sources/shop.yaml': DECLARATION });
    const [a, b] = await Promise.all([
      shownFields(configWith(SECRET_A), nodeHost({ cwd: project, variables: {} })),
      shownFields(configWith(SECRET_B), nodeHost({ cwd: project, variables: {} })),
    ]);
    expect(a).toMatchObject({ label: '[redacted]', description: `description ${SECRET_B}` });
    expect(b).toMatchObject({ label: `label ${SECRET_A}`, description: '[redacted]' });
  });

  it("are carried by the host context: the config's are added to it, and a script adds its own", async () => {
    const project = await makeProjectDir({ 'content-sources/shop.yaml': DECLARATION });
    const env = nodeHost({ cwd: project, variables: {}, secrets: [SCRIPT_TOKEN] });
    const shown = await shownFields(configWith(SECRET_A), env);
    expect(shown).toMatchObject({ label: '[redacted]', help: '[redacted]', description: `description ${SECRET_B}` });
    expect(env.secrets?.values()).toEqual(expect.arrayContaining([SCRIPT_TOKEN, SECRET_A]));
    expect(env.secrets?.values()).not.toContain(SECRET_B);
    // A list of its own is as good as the one nodeHost makes.
    const list = createSecretList([SECRET_B]);
    const again = await shownFields(configWith(SECRET_A), { ...nodeHost({ cwd: project, variables: {} }), secrets: list });
    expect(again).toMatchObject({ label: '[redacted]', description: '[redacted]', help: `help ${SCRIPT_TOKEN}` });
  });
});
