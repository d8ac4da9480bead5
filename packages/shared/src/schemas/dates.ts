// A calendar day in the contract. Its own file so that schemas which tasks.ts itself imports (inventory.ts)
// can use it without an import cycle.
import { z } from 'zod';
import { msg } from '../messages.ts';
import { isIsoDate } from '../visit-rules.ts';

const required = (fieldName: string) => msg('required', { fieldName });

/** A calendar day, "YYYY-MM-DD". */
export const isoDateSchema = (fieldName: string) =>
  z
    .string({ error: required(fieldName) })
    .trim()
    .min(1, { message: required(fieldName), abort: true })
    .refine(isIsoDate, msg('format', { fieldName }));
