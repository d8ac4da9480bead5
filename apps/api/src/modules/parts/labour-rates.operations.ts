// Labour rates and the parts markup bands.
export const labourRatesOperations = {};
