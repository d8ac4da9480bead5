// The first run's logo upload (multipart, so REST only; REST_ONLY_ROUTES in rest-only.ts). The JSON
// operations are in setup.operations.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { authContext } from '../auth/auth.context.ts';
import { readImagePart, uploadedImageSchema } from '../uploads/uploads.rest.ts';
import { saveSetupLogo } from './setup.service.ts';

const tags = ['setup'];

export function setupRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/setup/logo',
      {
        schema: {
          tags,
          summary:
            'First run: upload the shop\'s logo (JPEG or PNG, multipart field "file") before completing setup; returns its URL for shop.logoUrl',
          description:
            'Needs the setup code in the X-Setup-Code header. 403 for a wrong code, 409 once setup is done, 429 when throttled, 400/413 for a file that is no JPEG or PNG or too large.',
          consumes: ['multipart/form-data'],
          headers: z.object({ 'x-setup-code': z.string().default('') }),
          response: { 201: uploadedImageSchema },
        },
      },
      async (request, reply) => {
        const file = await readImagePart(request);
        const logo = await saveSetupLogo(authContext(deps, request), deps.storage, request.headers['x-setup-code'], file);
        return reply.status(201).send(logo);
      },
    );
  };
}
