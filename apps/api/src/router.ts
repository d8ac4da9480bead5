// The whole tRPC API. Each feature adds one line here; the web app imports only the AppRouter type.
import { createCallerFactory, router } from './trpc/init.ts';
import { toProcedureTree } from './operations/to-trpc.ts';
import { OPERATIONS } from './registry.ts';

export const appRouter = router({
  ...toProcedureTree(OPERATIONS),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
