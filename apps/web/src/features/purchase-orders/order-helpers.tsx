// Small pieces the purchase order screens share: the status badge, who may do what (costs and every change but
// receiving are for admins, issue #26), and reading a typed quantity.
import type { PurchaseOrderStatus } from '@garage/shared/inventory-rules';
import { type PartUnit, UNIT_DECIMALS } from '@garage/shared/inventory-rules';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { useAuth } from '../../lib/auth/session.ts';

type Tone = 'neutral' | 'info' | 'progress' | 'success' | 'danger';

const STATUS_TONE: Record<PurchaseOrderStatus, Tone> = {
  DRAFT: 'neutral',
  SENT: 'info',
  PARTLY_RECEIVED: 'progress',
  RECEIVED: 'success',
  CANCELLED: 'danger',
};

export function OrderStatusBadge({ status, className }: { status: PurchaseOrderStatus; className?: string }) {
  const { t } = useTranslation('purchaseOrders');
  return (
    <Badge data-testid="order-status" data-status={status} variant={STATUS_TONE[status]} className={className}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Admins create, edit, send, cancel and delete orders and see costs; every staff member reads and receives. */
export function useIsAdmin(): boolean {
  return useAuth().roles.includes('ADMIN');
}

/** Orders that can still be received: sent, or partly received. */
export const isReceivable = (status: PurchaseOrderStatus) => status === 'SENT' || status === 'PARTLY_RECEIVED';

/**
 * A quantity typed by hand ("2", "1,5") in the part's unit: the number, or undefined when it is empty, not a
 * number, not above zero or has more decimals than the unit allows (pieces are whole).
 */
export function parseQuantity(text: string, unit: PartUnit): number | undefined {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(normalized)) return undefined;
  const value = Number(normalized);
  const decimals = normalized.split('.')[1]?.length ?? 0;
  if (!(value > 0) || decimals > UNIT_DECIMALS[unit]) return undefined;
  return value;
}

/** a + b without binary fraction noise (quantities have at most 3 decimals). */
export const addQuantities = (a: number, b: number) => Math.round((a + b) * 1000) / 1000;
