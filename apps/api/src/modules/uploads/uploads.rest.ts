// POST /backend/uploads/image (multipart, field "file"). Uploads are REST-only: tRPC carries JSON, and a
// picture is bytes. The bytes are served by GET /backend/media/:id/file (modules/media/media.rest.ts).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { createGuards, sessionOf } from '../../http/guards.ts';
import { AppError } from '../../lib/errors.ts';
import { IMAGE_MAX_BYTES, imageTooLargeError, saveImage, UPLOAD_SECTIONS } from './uploads.service.ts';

export const uploadedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
});

export function uploadsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const guards = createGuards(deps.jwtSecret);
  return async (app) => {
    app.post(
      '/uploads/image',
      {
        onRequest: guards.staff,
        schema: {
          tags: ['uploads'],
          summary:
            'Upload a JPEG or PNG picture of a user, a vehicle, a catalogue entry or the shop branding (multipart field "file"); returns its URL',
          consumes: ['multipart/form-data'],
          querystring: z.object({ section: z.enum(UPLOAD_SECTIONS).default('user') }),
          response: { 201: uploadedImageSchema },
        },
      },
      async (request, reply) => {
        const { filename, bytes } = await readImagePart(request);
        const image = await saveImage(deps.db, deps.storage, sessionOf(request), { filename, bytes, section: request.query.section });
        return reply.status(201).send(image);
      },
    );
  };
}

/** The picture of a multipart request (field "file"), at most LIMITS.imageMaxMB; what to store is checked by saveImage. */
export async function readImagePart(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'transport.pictureMultipartRequired');
  const part = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
  if (!part) throw new AppError('VALIDATION', 'required', { params: { fieldName: 'image' }, field: 'file' });
  try {
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw imageTooLargeError();
    }
    throw error;
  }
}
