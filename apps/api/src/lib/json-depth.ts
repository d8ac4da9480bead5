// Deeply nested JSON is refused before it is parsed: a body of 100,000 '[' is 100 KB, but every recursive
// walk over its parsed value (NUL guard, zod) costs stack and time per level. One linear scan of the raw
// text counts the nesting of [ and { outside strings (escapes handled) and stops at the bound.
import { LIMITS } from '@garage/shared';
import { AppError } from './errors.ts';

/** True when the JSON text nests arrays/objects deeper than `max`. Linear, no allocation. */
export function jsonTooDeep(text: string, max: number = LIMITS.jsonDepthMax): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) depth--;
  }
  return false;
}

export const jsonTooDeepError = () => new AppError('BAD_REQUEST', 'requestLimits.jsonTooDeep', { params: { max: LIMITS.jsonDepthMax } });
