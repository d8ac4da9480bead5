// What of the media library only REST can carry (REST_ONLY_ROUTES in rest-only.ts): the multipart uploads
// (staff: /media/upload; the signed-in client: /my/media/upload) and the bytes of a file. The JSON
// operations are in media.operations.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MEDIA_FILES_PER_UPLOAD,
  mediaUploadResultSchema,
  mediaUploadTargetSchema,
  myMediaUploadTargetSchema,
  type MediaUploadTarget,
} from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../../http/guards.ts';
import { AppError } from '../../lib/errors.ts';
import { readAccessToken, verifyAccessToken } from '../../session/session.ts';
import { sendStoredFile } from './media-serve.ts';
import { authorizeMediaFile, myUploadTarget } from './media.service.ts';
import { TEMP_FOLDER, UPLOAD_MAX_BYTES, clientBudget, uploadMedia, type ByteBudget, type IncomingFile } from './media.upload.ts';

const tags = ['media'];
const idParams = z.object({ id: z.uuid() });
const uploadSummary = 'Kinds are decided from the bytes: JPEG, PNG, WebP, MP4, WebM, MOV, PDF, DOC, DOCX. All files are kept, or none.';

/** Streams the multipart files of `request` into the library at `target` (staff and client uploads alike). */
async function receiveUpload(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, target: MediaUploadTarget, budget?: ByteBudget) {
  if (!request.isMultipart()) {
    await budget?.release();
    throw new AppError('BAD_REQUEST', 'transport.mediaMultipartRequired');
  }
  // One byte over the largest limit: the per-kind limits (enforced while streaming) answer first.
  const parts = request.files({ limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: MEDIA_FILES_PER_UPLOAD } });
  async function* incoming(): AsyncGenerator<IncomingFile> {
    for await (const part of parts) yield { filename: part.filename, stream: part.file };
  }
  try {
    const files = await uploadMedia(deps, sessionOf(request), target, incoming(), budget);
    return reply.status(201).send({ files });
  } catch (error) {
    // Whatever failed before the upload's own clean-up ran gives back the space reserved (no-op otherwise).
    await budget?.release().catch(() => undefined);
    // Refused mid-body (a kind or size check): answer now and close the connection rather than read,
    // or leave hanging, the rest of a file we will not keep.
    if (!request.raw.complete) reply.header('connection', 'close');
    throw error;
  }
}

export function mediaRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    // Temporary uploads left behind by a crash (a live upload never takes an hour: requestTimeout).
    app.addHook('onReady', async () => {
      void deps.storage
        .sweep(TEMP_FOLDER, 60 * 60 * 1000)
        .catch((error: unknown) => app.log.warn({ err: error }, 'Sweeping temporary uploads failed'));
    });
    app.post(
      '/media/upload',
      {
        onRequest: guards.staff,
        schema: {
          tags,
          summary: `Upload one or several files (multipart, any field name) to a customer, optionally a vehicle and visit of theirs. ${uploadSummary}`,
          consumes: ['multipart/form-data'],
          querystring: mediaUploadTargetSchema,
          response: { 201: mediaUploadResultSchema },
        },
      },
      async (request, reply) => receiveUpload(deps, request, reply, request.query),
    );
    app.post(
      '/my/media/upload',
      {
        onRequest: guards.client,
        schema: {
          tags: ['client area'],
          summary: `Add one or several files (multipart) to my account, optionally one of my vehicles and visits. ${uploadSummary}`,
          consumes: ['multipart/form-data'],
          querystring: myMediaUploadTargetSchema,
          response: { 201: mediaUploadResultSchema },
        },
      },
      // Another customer's vehicle or visit answers like a missing one, before any byte is read.
      async (request, reply) => {
        const target = await myUploadTarget(deps.db, sessionOf(request), request.query);
        const declared = Number(request.headers['content-length']) || undefined;
        return receiveUpload(deps, request, reply, target, await clientBudget(deps.db, sessionOf(request), declared));
      },
    );
    app.get(
      '/media/:id/file',
      {
        // Ranges and already-compressed media: never gzip these answers.
        compress: false,
        schema: {
          tags,
          summary:
            'The bytes of a file (staff: any; clients: their own; public-site files: anyone). variant=thumb for the thumbnail of a photo, ' +
            'download=1 for an attachment. Single byte ranges are answered 206.',
          params: idParams,
          querystring: z.object({
            variant: z.enum(['main', 'thumb']).default('main'),
            download: z.enum(['1', 'true', '0', 'false']).optional(),
          }),
        },
      },
      async (request, reply) => {
        const session = verifyAccessToken(readAccessToken(request), deps.jwtSecret);
        const file = await authorizeMediaFile(deps.db, session, request.params.id, request.query.variant);
        const download = request.query.download === '1' || request.query.download === 'true';
        return sendStoredFile(request, reply, deps.storage, { id: request.params.id, ...file, download });
      },
    );
  };
}
