// Approve / decline one proposed task from the client area, with an optional comment for the shop. The
// price the customer saw travels with the decision: if the shop changed it meanwhile the API refuses (409)
// and the page reloads the visit.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyTask } from '@garage/shared/schemas/approvals';
import { Check, MessageSquarePlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { failureMessage } from '../../lib/form-errors.ts';

export function DecisionControls({ task }: { task: Pick<MyTask, 'id' | 'visitId' | 'title' | 'soldForCents'> }) {
  const { t } = useTranslation('approvals');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const commentId = useId();
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState('');
  const decide = useMutation(
    trpc.myVisits.decide.mutationOptions({
      onSuccess: async (_visit, input) => {
        toast.success(t(`decision.toast.${input.decisions[0]!.decision}`, { title: task.title }));
        await queryClient.invalidateQueries({ queryKey: trpc.myVisits.pathKey() });
      },
      onError: async (error) => {
        toast.error(failureMessage(t, error, t('decision.toast.failed')));
        await queryClient.invalidateQueries({ queryKey: trpc.myVisits.pathKey() });
      },
    }),
  );
  const send = (decision: 'APPROVED' | 'DECLINED') =>
    decide.mutate({
      id: task.visitId,
      decisions: [{ taskId: task.id, decision, comment: comment.trim() || null, soldForCents: task.soldForCents }],
    });

  return (
    <div className="flex flex-col gap-2" data-testid="decision-controls">
      {commenting && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={commentId} className="text-sm font-medium">
            {t('decision.comment')}
          </label>
          <Textarea
            id={commentId}
            value={comment}
            maxLength={500}
            rows={2}
            placeholder={t('decision.commentPlaceholder')}
            onChange={(event) => setComment(event.target.value)}
            data-testid="decision-comment"
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button className="flex-1 sm:flex-none" disabled={decide.isPending} onClick={() => send('APPROVED')} data-testid="approve-task">
          <Check aria-hidden="true" />
          {t('decision.approve')}
        </Button>
        <Button
          variant="outline"
          className="flex-1 sm:flex-none"
          disabled={decide.isPending}
          onClick={() => send('DECLINED')}
          data-testid="decline-task"
        >
          <X aria-hidden="true" />
          {t('decision.decline')}
        </Button>
        {!commenting && (
          <Button variant="ghost" size="sm" onClick={() => setCommenting(true)} data-testid="add-comment">
            <MessageSquarePlus aria-hidden="true" />
            {t('decision.addComment')}
          </Button>
        )}
      </div>
    </div>
  );
}
