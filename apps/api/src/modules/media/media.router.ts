// tRPC for the media library (twin of media.rest.ts; uploads and bytes are REST only: tRPC carries JSON).
// `media.*` for staff; `myMedia.*` for the signed-in client, who views and downloads their own files and
// deletes the ones they added themselves.
import {
  listMediaSchema,
  listMyMediaSchema,
  mediaContextSchema,
  mediaContextViewSchema,
  mediaIdSchema,
  mediaPageSchema,
  mediaViewSchema,
  myMediaContextSchema,
  updateMediaSchema,
} from '@garage/shared';
import { z } from 'zod';
import { clientProcedure, router, staffProcedure } from '../../trpc/init.ts';
import { deleteMedia, deleteMyMedia, getMedia, listMedia, listMyMedia, mediaContext, myContext, updateMedia } from './media.service.ts';

export const mediaRouter = router({
  list: staffProcedure.input(listMediaSchema).output(mediaPageSchema).query(({ ctx, input }) => listMedia(ctx.deps.db, input)),
  context: staffProcedure.input(mediaContextSchema).output(mediaContextViewSchema).query(({ ctx, input }) => mediaContext(ctx.deps.db, input)),
  get: staffProcedure.input(mediaIdSchema).output(mediaViewSchema).query(({ ctx, input }) => getMedia(ctx.deps.db, input.id)),
  update: staffProcedure.input(updateMediaSchema).output(mediaViewSchema).mutation(({ ctx, input }) => updateMedia(ctx.deps.db, input.id, input.data)),
  delete: staffProcedure
    .input(mediaIdSchema)
    .output(z.object({ id: z.string(), message: z.string() }))
    .mutation(({ ctx, input }) => deleteMedia(ctx.deps.db, ctx.deps.storage, input.id)),
});

export const myMediaRouter = router({
  list: clientProcedure.input(listMyMediaSchema).output(mediaPageSchema).query(({ ctx, input }) => listMyMedia(ctx.deps.db, ctx.session, input)),
  context: clientProcedure.input(myMediaContextSchema).output(mediaContextViewSchema).query(({ ctx, input }) => myContext(ctx.deps.db, ctx.session, input)),
  get: clientProcedure.input(mediaIdSchema).output(mediaViewSchema).query(({ ctx, input }) => getMedia(ctx.deps.db, input.id, ctx.session)),
  delete: clientProcedure
    .input(mediaIdSchema)
    .output(z.object({ id: z.string(), message: z.string() }))
    .mutation(({ ctx, input }) => deleteMyMedia(ctx.deps.db, ctx.deps.storage, ctx.session, input.id)),
});
