// What of inspections only REST can carry (REST_ONLY_ROUTES in rest-only.ts): the phone's photo upload
// (multipart, one picture, its id made on the phone) and the photo bytes for the approval link page, whose
// token is the only credential (an <img> sends no header). Rules: inspection-photos.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inspectionPhotoSchema } from '@garage/shared';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../../http/guards.ts';
import { AppError } from '../../lib/errors.ts';
import { sendStoredFile } from '../media/media-serve.ts';
import { UPLOAD_MAX_BYTES, type IncomingFile } from '../media/media.upload.ts';
import { authorizeLinkPhoto, existingPhoto, storeInspectionPhoto } from './inspection-photos.ts';

const photoParams = z.object({ id: z.uuid(), itemId: z.uuid(), photoId: z.uuid() });

export function inspectionPhotosRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.put(
      '/inspections/:id/items/:itemId/photos/:photoId',
      {
        onRequest: guards.staff,
        schema: {
          tags: ['inspections'],
          summary:
            'Upload one photo of a finding (multipart, one JPEG, PNG or WebP file) under the id made on the phone: the same id again ' +
            'answers 200 with the photo already kept. While the inspection is in progress; at most 8 photos per item',
          consumes: ['multipart/form-data'],
          params: photoParams,
          response: { 200: inspectionPhotoSchema, 201: inspectionPhotoSchema },
        },
      },
      async (request, reply) => {
        const target = request.params;
        // A retry of a photo already kept: answered before reading (or keeping) any byte of the body again.
        const kept = await existingPhoto(deps.db, target);
        if (kept) return reply.header('connection', 'close').status(200).send(kept);
        if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'transport.mediaMultipartRequired');
        const parts = request.files({ limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 1 } });
        async function* incoming(): AsyncGenerator<IncomingFile> {
          for await (const part of parts) yield { filename: part.filename, stream: part.file };
        }
        try {
          const { photo, created } = await storeInspectionPhoto(deps, sessionOf(request), target, incoming());
          return reply.status(created ? 201 : 200).send(photo);
        } catch (error) {
          // Refused mid-body: answer now and close rather than read the rest of a file we will not keep.
          if (!request.raw.complete) reply.header('connection', 'close');
          throw error;
        }
      },
    );
    app.get(
      '/approve/:token/photos/:mediaId',
      {
        compress: false,
        schema: {
          tags: ['estimate approval'],
          summary:
            "A photo of a sent inspection of the approval link's visit (the token is the credential: unknown 404; used, replaced or " +
            'expired 410). variant=thumb for the thumbnail',
          params: z.object({ token: z.string().min(1).max(200), mediaId: z.uuid() }),
          querystring: z.object({ variant: z.enum(['main', 'thumb']).default('main') }),
        },
      },
      async (request, reply) => {
        const file = await authorizeLinkPhoto(deps, request.params.token, request.params.mediaId, request.query.variant);
        return sendStoredFile(request, reply, deps.storage, { id: request.params.mediaId, ...file, download: false });
      },
    );
  };
}
