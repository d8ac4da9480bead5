// Names offered by the vehicle and oil forms, from static data (/admin/settings/static-data).
import { useQuery } from '@tanstack/react-query';
import type { STATIC_DATA_TYPES } from '@garage/shared/constants';
import { useTRPC } from '../../lib/trpc.ts';

export function useStaticOptions(type: (typeof STATIC_DATA_TYPES)[number]): string[] {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.staticData.list.queryOptions({ type }), staleTime: 5 * 60_000 });
  return query.data?.map((entry) => entry.name) ?? [];
}
