// A react-hook-form resolver that validates with a shared zod schema loaded on first use. zod and the
// schemas are about 30 KB on the wire: a page whose first paint is a small form (the sign-in page) starts
// loading them when the visitor starts typing (`warm`), and a submit before that simply waits for them.
// The rule and its message still exist once, in @garage/shared.
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export function deferredZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType<T, T>>) {
  let loaded: Promise<Resolver<T>> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<T>,
    ));
  const resolver: Resolver<T> = async (values, context, options) => (await load())(values, context, options);
  return { resolver, warm: () => void load() };
}
