// Typical garage jobs: [title, service, cost in cents, sold-for price in cents]. Shared by the demo seed
// and the benchmark dataset generator.
export const TASK_LIBRARY = [
  ['Oil and filter change', 'MAINTENANCE', 4500, 8900],
  ['Brake pads replacement (front)', 'REPAIR', 9000, 18000],
  ['Full vehicle inspection', 'INSPECTION', 2000, 6000],
  ['Air-conditioning recharge', 'MAINTENANCE', 3500, 9500],
  ['Timing belt replacement', 'REPAIR', 22000, 42000],
  ['Wheel alignment', 'MAINTENANCE', 2500, 7000],
  ['Battery replacement', 'REPAIR', 8000, 14500],
  ['Diagnostic scan', 'INSPECTION', 1500, 4500],
  ['Clutch replacement', 'REPAIR', 35000, 68000],
  ['Spark plugs replacement', 'MAINTENANCE', 3000, 7500],
] as const;
