// The whole tRPC API. Each feature adds one line here; the web app imports only the AppRouter type.
import { merchantRouter } from '../modules/merchant/merchant.router.ts';
import { createCallerFactory, router } from './init.ts';

export const appRouter = router({
  merchant: merchantRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
