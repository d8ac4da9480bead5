// Tax rates (staff read: the line editors' pickers; admin write) and the shop's tax settings (staff read:
// line editors need the prices mode and defaults; admin write). Services: tax-rates.service.ts,
// tax-settings.service.ts.
import {
  createTaxRateSchema,
  listTaxRatesSchema,
  taxRateViewSchema,
  taxSettingsSchema,
  updateTaxRateSchema,
  updateTaxSettingsSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { createTaxRate, listTaxRates, setTaxRateArchived, updateTaxRate } from './tax-rates.service.ts';
import { getTaxSettings, updateTaxSettings } from './tax-settings.service.ts';

const idInput = z.object({ id: z.uuid() });

export const taxRatesOperations = {
  list: query({
    access: 'staff',
    rest: { method: 'GET', path: '/tax-rates', summary: 'Tax rates, highest first; inUse: its percentage can no longer change' },
    input: listTaxRatesSchema,
    output: z.array(taxRateViewSchema),
    handler: ({ ctx, input }) => listTaxRates(ctx.deps.db, input.includeArchived),
  }),
  create: mutation({
    access: 'admin',
    rest: { method: 'POST', path: '/tax-rates', status: 201, summary: 'Add a tax rate' },
    input: createTaxRateSchema,
    output: taxRateViewSchema,
    handler: ({ ctx, input }) => createTaxRate(ctx.deps.db, input),
  }),
  update: mutation({
    access: 'admin',
    rest: {
      method: 'PATCH',
      path: '/tax-rates/:id',
      summary: 'Change a tax rate: only the fields sent; its percentage and category only while nothing uses it (else 409)',
    },
    input: updateTaxRateSchema,
    output: taxRateViewSchema,
    handler: ({ ctx, input: { id, ...patch } }) => updateTaxRate(ctx.deps.db, id, patch),
  }),
  archive: mutation({
    access: 'admin',
    rest: {
      method: 'POST',
      path: '/tax-rates/:id/archive',
      summary: 'Archive a tax rate: it leaves the pickers and the defaults; what uses it keeps it',
    },
    input: idInput,
    output: taxRateViewSchema,
    handler: ({ ctx, input }) => setTaxRateArchived(ctx.deps.db, input.id, true),
  }),
  unarchive: mutation({
    access: 'admin',
    rest: { method: 'POST', path: '/tax-rates/:id/unarchive', summary: 'Restore an archived tax rate' },
    input: idInput,
    output: taxRateViewSchema,
    handler: ({ ctx, input }) => setTaxRateArchived(ctx.deps.db, input.id, false),
  }),
};

export const taxSettingsOperations = {
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/tax-settings', summary: "The shop's tax profile, prices mode, default rates, legal identity, accounts" },
    input: z.void(),
    output: taxSettingsSchema,
    handler: ({ ctx }) => getTaxSettings(ctx.deps.db),
  }),
  update: mutation({
    access: 'admin',
    rest: {
      method: 'PATCH',
      path: '/tax-settings',
      summary: 'Change the tax settings: only the fields sent; identifiers are checked by the profile (field errors)',
    },
    input: updateTaxSettingsSchema,
    output: taxSettingsSchema,
    handler: ({ ctx, input }) => updateTaxSettings(ctx.deps.db, input),
  }),
};
