// The public contact form: anyone may write to the shop; a signed-in sender's message is tied to their account.
import { contactMessageInputSchema } from '@garage/shared';
import { mutation } from '../../operations/operation.ts';
import { contactReceiptSchema } from './contact.schemas.ts';
import { sendContactMessage } from './contact.service.ts';

export const contactOperations = {
  send: mutation({
    access: 'anonymous',
    rest: { method: 'POST', path: '/contact', status: 201, summary: 'Send a message to the shop (public contact form)' },
    input: contactMessageInputSchema,
    output: contactReceiptSchema,
    handler: ({ ctx, input }) => sendContactMessage(ctx.deps.db, input, { ip: ctx.req?.ip ?? 'internal', userId: ctx.session?.userId }),
  }),
};
