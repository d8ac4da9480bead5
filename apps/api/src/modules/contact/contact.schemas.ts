import { z } from 'zod';

export const contactReceiptSchema = z.object({ id: z.string(), createdAt: z.string() });
