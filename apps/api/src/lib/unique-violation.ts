// Prisma reports a unique-constraint failure (P2002) differently depending on the driver adapter: as
// meta.target, as the adapter's constraint description, or only in the message. This reads all three so
// services can name the field that clashed.
import { Prisma } from '@garage/db';

/** The columns of the violated unique constraint, or null when the error is not a unique violation. */
export function uniqueViolationFields(error: unknown): string[] | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return null;
  const meta = (error.meta ?? {}) as Record<string, unknown>;
  const fields = new Set<string>();
  const add = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(add);
    else if (typeof value === 'string') fields.add(value);
  };
  add(meta.target);
  const cause = (meta.driverAdapterError as { cause?: { constraint?: { fields?: unknown; index?: unknown } } } | undefined)?.cause;
  add(cause?.constraint?.fields);
  add(cause?.constraint?.index);
  for (const match of error.message.matchAll(/`(\w+)`/g)) add(match[1]);
  return [...fields].map((field) => field.replace(/^"|"$/g, ''));
}

/** True when the violated constraint involves `column` (also matches index names like "User_email_key"). */
export const violates = (fields: string[], column: string) =>
  fields.some((field) => field === column || field.includes(`_${column}_`) || field.endsWith(`_${column}`));
