// Data of the templates screens: the list (archived ones on demand), one template, and the changes. Every
// change refreshes every templates query (the list's counts and the editor read the same rows).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc.ts';

export function useTemplateList(includeArchived: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.inspectionTemplates.list.queryOptions({ includeArchived }));
}

export function useTemplate(id: string | undefined) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.inspectionTemplates.get.queryOptions({ id: id ?? '' }), enabled: !!id });
}

export function useTemplatesRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.inspectionTemplates.pathKey() });
}

export function useTemplateMutations() {
  const trpc = useTRPC();
  const refresh = useTemplatesRefresh();
  const onSettled = () => refresh();
  return {
    create: useMutation(trpc.inspectionTemplates.create.mutationOptions({ onSettled })),
    update: useMutation(trpc.inspectionTemplates.update.mutationOptions({ onSettled })),
    remove: useMutation(trpc.inspectionTemplates.delete.mutationOptions({ onSettled })),
    restore: useMutation(trpc.inspectionTemplates.restore.mutationOptions({ onSettled })),
  };
}
