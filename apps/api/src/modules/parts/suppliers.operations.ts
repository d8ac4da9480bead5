// Suppliers (staff read, admin write).
export const suppliersOperations = {};
