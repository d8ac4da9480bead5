import { contactMessageInputSchema } from '@garage/shared';
import { publicProcedure, router } from '../../trpc/init.ts';
import { contactReceiptSchema } from './contact.schemas.ts';
import { sendContactMessage } from './contact.service.ts';

export const contactRouter = router({
  send: publicProcedure
    .input(contactMessageInputSchema)
    .output(contactReceiptSchema)
    .mutation(({ ctx, input }) =>
      sendContactMessage(ctx.deps.db, input, { ip: ctx.req?.ip ?? 'internal', userId: ctx.session?.userId }),
    ),
});
