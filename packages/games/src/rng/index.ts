export { cryptoRng, SeededRng, shuffle, type Rng } from './rng.ts';
