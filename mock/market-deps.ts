/** What the feed mock takes from the runtimes: exact decimals and a seeded PRNG. */
export { addDecimals, compareDecimals } from '@svc/runtime';
export { prng } from '@svc/mock-runtime';
