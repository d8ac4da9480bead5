// Parts catalogue, stock movements and stock corrections (staff; costs to admins).
export const partsOperations = {};
