// The parts feature's public entry: what other features use from it, re-exports only
// (src/feature-boundaries.test.ts). Task lines and purchase orders show quantities with the part's unit.
export { unitLabel, useQuantityFormat } from './units.ts';
