// The whole tRPC API, generated from the operation registry (registry.ts); the web app imports only the
// AppRouter type.
import { toProcedureTree } from './operations/to-trpc.ts';
import { OPERATIONS } from './registry.ts';
import { createCallerFactory, router } from './trpc/init.ts';

export const appRouter = router(toProcedureTree(OPERATIONS));

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
