// Suppliers (staff read, admin write). Services in suppliers.service.ts.
import {
  listSuppliersSchema,
  setArchivedSchema,
  supplierIdSchema,
  supplierInputSchema,
  supplierPageSchema,
  supplierViewSchema,
  updateSupplierSchema,
} from '@garage/shared';
import { z } from 'zod';
import { mutation, query } from '../../operations/operation.ts';
import { createSupplier, deleteSupplier, getSupplier, listSuppliers, setSupplierArchived, updateSupplier } from './suppliers.service.ts';

export const suppliersOperations = {
  list: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/suppliers',
      summary: 'Suppliers by name (search name, contact, email, account number), with their part counts',
    },
    input: listSuppliersSchema,
    output: supplierPageSchema,
    handler: ({ ctx, input }) => listSuppliers(ctx.deps.db, input),
  }),
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/suppliers/:id', summary: 'A supplier' },
    input: supplierIdSchema,
    output: supplierViewSchema,
    handler: ({ ctx, input }) => getSupplier(ctx.deps.db, input.id),
  }),
  create: mutation({
    access: 'admin',
    rest: { method: 'POST', path: '/suppliers', status: 201, summary: 'Add a supplier' },
    input: supplierInputSchema,
    output: supplierViewSchema,
    handler: ({ ctx, input }) => createSupplier(ctx.deps.db, input),
  }),
  update: mutation({
    access: 'admin',
    rest: { method: 'PATCH', path: '/suppliers/:id', summary: 'Change a supplier: only the fields sent change (null or "" clears)' },
    input: updateSupplierSchema,
    output: supplierViewSchema,
    handler: ({ ctx, input: { id, ...data } }) => updateSupplier(ctx.deps.db, id, data),
  }),
  setArchived: mutation({
    access: 'admin',
    rest: {
      method: 'PATCH',
      path: '/suppliers/:id/archived',
      summary: 'Archive a supplier (kept on its orders, hidden from pickers) or restore it',
    },
    input: setArchivedSchema,
    output: supplierViewSchema,
    handler: ({ ctx, input }) => setSupplierArchived(ctx.deps.db, input.id, input.archived),
  }),
  delete: mutation({
    access: 'admin',
    rest: {
      method: 'DELETE',
      path: '/suppliers/:id',
      summary: 'Delete a supplier without orders (409 otherwise: archive it); its parts lose their preferred supplier',
    },
    input: supplierIdSchema,
    output: z.object({ id: z.string() }),
    handler: ({ ctx, input }) => deleteSupplier(ctx.deps.db, input.id),
  }),
};
