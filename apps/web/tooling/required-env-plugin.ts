// Vite plugin: fail `vite` and `vite build` at start when a required VITE_* setting is missing, with the
// exact SPEC §1 message, instead of shipping a bundle that cannot work.
import type { Plugin } from 'vite';
import { checkRequiredEnv } from '../src/lib/required-env.ts';

export function requiredEnvPlugin(): Plugin {
  return {
    name: 'garage:required-env',
    configResolved(config) {
      const problem = checkRequiredEnv(config.env);
      if (problem) throw new Error(problem);
    },
  };
}
