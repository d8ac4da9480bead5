// The media library, each operation defined once (media.service.ts): `media` for staff; `myMedia` for the
// signed-in client, who views their own files and deletes the ones they added themselves. The multipart
// uploads and the bytes of a file are REST only (media.rest.ts).
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
import { mutation, query } from '../../operations/operation.ts';
import { deleteMedia, deleteMyMedia, getMedia, listMedia, listMyMedia, mediaContext, myContext, updateMedia } from './media.service.ts';

const deletedSchema = z.object({ id: z.string(), message: z.string() });

export const mediaOperations = {
  list: query({
    access: 'staff',
    rest: { method: 'GET', path: '/media', summary: "A customer's files, newest first, with filters" },
    input: listMediaSchema,
    output: mediaPageSchema,
    handler: ({ ctx, input }) => listMedia(ctx.deps.db, input),
  }),
  context: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/media/context',
      summary: 'The customer, their vehicles and visits (page header, filters, move targets)',
    },
    input: mediaContextSchema,
    output: mediaContextViewSchema,
    handler: ({ ctx, input }) => mediaContext(ctx.deps.db, input),
  }),
  get: query({
    access: 'staff',
    rest: { method: 'GET', path: '/media/:id', summary: 'One file' },
    input: mediaIdSchema,
    output: mediaViewSchema,
    handler: ({ ctx, input }) => getMedia(ctx.deps.db, input.id),
  }),
  update: mutation({
    access: 'staff',
    rest: {
      method: 'PATCH',
      path: '/media/:id',
      summary: 'Rename, change section, or move to another vehicle/visit of the same customer (only fields sent change)',
      body: 'data',
    },
    input: updateMediaSchema,
    output: mediaViewSchema,
    handler: ({ ctx, input }) => updateMedia(ctx.deps.db, input.id, input.data),
  }),
  delete: mutation({
    access: 'staff',
    rest: { method: 'DELETE', path: '/media/:id', summary: 'Delete a file (row and stored bytes)' },
    input: mediaIdSchema,
    output: deletedSchema,
    handler: ({ ctx, input }) => deleteMedia(ctx.deps.db, ctx.deps.storage, input.id),
  }),
};

export const myMediaOperations = {
  list: query({
    access: 'client',
    rest: { method: 'GET', path: '/my/media', summary: 'My files (account, vehicles, visits), newest first', tag: 'client area' },
    input: listMyMediaSchema,
    output: mediaPageSchema,
    handler: ({ ctx, input }) => listMyMedia(ctx.deps.db, ctx.session, input),
  }),
  context: query({
    access: 'client',
    rest: { method: 'GET', path: '/my/media/context', summary: 'My vehicles and visits for the media page', tag: 'client area' },
    input: myMediaContextSchema,
    output: mediaContextViewSchema,
    handler: ({ ctx, input }) => myContext(ctx.deps.db, ctx.session, input),
  }),
  get: query({
    access: 'client',
    rest: { method: 'GET', path: '/my/media/:id', summary: 'One of my files', tag: 'client area' },
    input: mediaIdSchema,
    output: mediaViewSchema,
    handler: ({ ctx, input }) => getMedia(ctx.deps.db, input.id, ctx.session),
  }),
  delete: mutation({
    access: 'client',
    rest: { method: 'DELETE', path: '/my/media/:id', summary: 'Delete a file I added myself (row and stored bytes)', tag: 'client area' },
    input: mediaIdSchema,
    output: deletedSchema,
    handler: ({ ctx, input }) => deleteMyMedia(ctx.deps.db, ctx.deps.storage, ctx.session, input.id),
  }),
};
