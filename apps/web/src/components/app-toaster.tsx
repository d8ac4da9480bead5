// Toasts (SPEC §4, §9): durations per type from TOAST; react-hot-toast keeps at most 20 (its TOAST_LIMIT,
// equal to TOAST.limit) and removes dismissed toasts after a short delay.
import { Toaster } from 'react-hot-toast';
import { TOAST } from '@garage/shared/constants';

export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      containerStyle={{ top: 16 }}
      toastOptions={{
        duration: TOAST.durations.blank,
        className: '!bg-popover !text-popover-foreground !shadow-lg !border !border-border !rounded-lg !text-sm',
        blank: { duration: TOAST.durations.blank },
        success: { duration: TOAST.durations.success },
        error: { duration: TOAST.durations.error },
        loading: { duration: TOAST.durations.loading },
        custom: { duration: TOAST.durations.custom },
      }}
    />
  );
}
