// Purchase orders: draft, send, receive.
export const purchaseOrdersOperations = {};
