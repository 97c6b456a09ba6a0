/** Client options in a generated package: an unknown one is a compile error, and the README documents each security scheme's. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateToDisk, typeCheckPackage, writeSpec } from '../helpers/generate.js';

describe('client options in a generated package', () => {
  it('is a compile error in the generated client constructor', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Options', version: '1' },
      paths: { '/things': { get: { operationId: 'listThings', responses: { '200': { description: 'ok' } } } } },
    };
    const { dir } = await generateToDisk(writeSpec(spec, 'options-compile'), 'options-compile');
    writeFileSync(join(dir, 'src', 'misuse.ts'), "import { OptionsCompileClient } from './client.js';\nexport const client = new OptionsCompileClient({ baseURL: 'https://api.example.com' });\n");
    await expect(typeCheckPackage(dir)).rejects.toMatchObject({ stdout: expect.stringMatching(/'baseURL' does not exist in type 'ClientOptions'/) });
  });

  it("documents every security scheme's option in the generated README", async () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Auth', version: '1' },
      paths: { '/things': { get: { operationId: 'listThings', responses: { '200': { description: 'ok' } } } } },
      components: {
        securitySchemes: {
          queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
          bearer: { type: 'http', scheme: 'bearer' },
          basic: { type: 'http', scheme: 'basic' },
          oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration' },
        },
      },
    };
    const { output } = await generateToDisk(writeSpec(spec, 'options-readme'), 'options-readme');
    const readme = output.files.get('README.md')!;
    expect(readme).toMatch(/`queryKey` +\| apiKey +\| `apiKeys: \{ 'queryKey': '…' \}`: sent in the query `api_key`/);
    expect(readme).toMatch(/`bearer` +\| http bearer +\| `accessToken`/);
    expect(readme).toMatch(/`oidc` +\| openIdConnect +\| `accessToken`/);
    expect(readme).toMatch(/`basic` +\| http basic +\| not sent by the client: pass the `Authorization` header \(basic\) in `headers`/);
  });
});
