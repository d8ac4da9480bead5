// The purchase orders feature's public entry: what other features may use from it, re-exports only
// (src/feature-boundaries.test.ts). The part page may show an order's status with the same badge.
export { OrderStatusBadge } from './order-helpers.tsx';
