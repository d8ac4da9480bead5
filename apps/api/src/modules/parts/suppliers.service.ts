// Suppliers: who the shop orders parts from. Staff read them (pickers, orders); admins change them. A supplier
// with orders is archived, never deleted (its orders name it); deleting one leaves its parts without a
// preferred supplier (Part.supplierId is SetNull).
import { Prisma, type Db } from '@garage/db';
import type { listSuppliersSchema, SupplierView } from '@garage/shared';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';

type ListSuppliersQuery = z.output<typeof listSuppliersSchema>;

export interface SupplierWrite {
  name?: string;
  contactName?: string | null;
  email?: string | null;
  phone?: string | null;
  accountNumber?: string | null;
  leadTimeDays?: number | null;
  notes?: string | null;
}

const supplierSelect = {
  id: true,
  name: true,
  contactName: true,
  email: true,
  phone: true,
  accountNumber: true,
  leadTimeDays: true,
  notes: true,
  archivedAt: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { parts: true } },
} satisfies Prisma.SupplierSelect;
type SupplierRow = Prisma.SupplierGetPayload<{ select: typeof supplierSelect }>;

function toSupplierView({ _count, ...row }: SupplierRow): SupplierView {
  return {
    ...row,
    partCount: _count.parts,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listSuppliers(db: Db, query: ListSuppliersQuery) {
  const search = query.search?.trim();
  const where: Prisma.SupplierWhereInput = {
    ...(query.includeArchived ? {} : { archivedAt: null }),
    ...(search
      ? {
          OR: [
            { name: { contains: search, mode: 'insensitive' } },
            { contactName: { contains: search, mode: 'insensitive' } },
            { email: { contains: search, mode: 'insensitive' } },
            { accountNumber: { contains: search, mode: 'insensitive' } },
          ],
        }
      : {}),
  };
  const [rows, total] = await db.$transaction([
    db.supplier.findMany({
      where,
      select: supplierSelect,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
    }),
    db.supplier.count({ where }),
  ]);
  return {
    items: rows.map(toSupplierView),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

export async function getSupplier(db: Db | Prisma.TransactionClient, id: string): Promise<SupplierView> {
  const row = await db.supplier.findUnique({ where: { id }, select: supplierSelect });
  if (!row) throw notFound('supplier');
  return toSupplierView(row);
}

export async function createSupplier(db: Db, input: SupplierWrite & { name: string }): Promise<SupplierView> {
  const row = await db.supplier.create({ data: input, select: supplierSelect });
  return toSupplierView(row);
}

/** Only the fields sent change (undefined keeps, null clears). */
export async function updateSupplier(db: Db, id: string, input: SupplierWrite): Promise<SupplierView> {
  const updated = await db.supplier.updateMany({ where: { id }, data: input });
  if (updated.count === 0) throw notFound('supplier');
  return getSupplier(db, id);
}

export async function setSupplierArchived(db: Db, id: string, archived: boolean): Promise<SupplierView> {
  // Archiving twice keeps the first date.
  const updated = await db.supplier.updateMany({
    where: { id, ...(archived ? { archivedAt: null } : {}) },
    data: { archivedAt: archived ? new Date() : null },
  });
  if (updated.count === 0) await getSupplier(db, id);
  return getSupplier(db, id);
}

export async function deleteSupplier(db: Db, id: string): Promise<{ id: string }> {
  const inUse = () => new AppError('CONFLICT', 'inventory.supplierInUse');
  try {
    await db.$transaction(async (tx) => {
      const supplier = await tx.supplier.findUnique({ where: { id }, select: { _count: { select: { purchaseOrders: true } } } });
      if (!supplier) throw notFound('supplier');
      if (supplier._count.purchaseOrders > 0) throw inUse();
      await tx.supplier.delete({ where: { id } });
    });
  } catch (error) {
    // An order created meanwhile: the foreign key (Restrict) refuses the delete.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') throw inUse();
    throw error;
  }
  return { id };
}
