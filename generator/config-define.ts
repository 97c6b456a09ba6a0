import type { Config } from './config.js';

/** Types a config file: `export default defineConfig({ specs: [...] })`. */
export const defineConfig = (config: Config): Config => config;
