// Names offered by the vehicle and oil forms, from static data (/admin/settings/static-data), and the label
// per language a stored name is shown with.
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { STATIC_DATA_TYPES } from '@garage/shared/constants';
import { staticDataLabel } from '@garage/shared/schemas/static-data';
import { useTRPC } from '../../lib/trpc.ts';

export function useStaticOptions(type: (typeof STATIC_DATA_TYPES)[number]): string[] {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.staticData.list.queryOptions({ type }), staleTime: 5 * 60_000 });
  return query.data?.map((entry) => entry.name) ?? [];
}

/**
 * A vehicle's stored value (a static data name, e.g. colour "White") shown with its label in the UI language
 * ("أبيض"), else as stored: typed values that match no entry, and entries without a label in that language.
 */
export function useStaticLabel(): (type: (typeof STATIC_DATA_TYPES)[number], value: string) => string {
  const trpc = useTRPC();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useQuery({ ...trpc.staticData.list.queryOptions({}), staleTime: 5 * 60_000 });
  return useCallback(
    (type, value) => {
      const entry = query.data?.find((item) => item.type === type && item.name.toLowerCase() === value.trim().toLowerCase());
      return entry ? staticDataLabel(entry, language) : value;
    },
    [query.data, language],
  );
}
