/**
 * What `npm run generate` makes of this repository: each spec of specs/ into generated/<name>/,
 * depending on the @svc runtime packages written beside them (generated/runtime …).
 */
import { defineConfig } from 'svc-api-codegen';

const spec = (file: string, name: string) => ({ input: `specs/${file}`, output: `generated/${name}`, runtime: 'shared' as const });

export default defineConfig({
  specs: [spec('feed.asyncapi.yaml', 'feed'), spec('onramp.openapi.yaml', 'onramp'), spec('v1.openapi.yaml', 'v1'), spec('v2.openapi.yaml', 'v2'), spec('x402.openapi.yaml', 'x402')],
  runtimes: 'generated',
});
