export { API_NAMES, createSandbox, reasonCodes, startSandbox, type ApiName, type Sandbox, type SandboxCredentials, type SandboxOptions } from './start.js';
export { TWO_FACTOR_CODE } from './behaviours/types.js';
