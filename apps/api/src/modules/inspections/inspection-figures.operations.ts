// Inspection figures and measurement history (issue #29), staff only: the vehicle page's charts (tread depth
// over visits...) and the dashboard's and reports page's inspection figures. Both read inspection-figures.ts.
import { inspectionFiguresInputSchema, inspectionFiguresSchema, vehicleIdSchema, vehicleMeasurementsSchema } from '@garage/shared';
import { query } from '../../operations/operation.ts';
import { inspectionFigures, vehicleMeasurements } from './inspection-figures.ts';

const tag = 'inspections';

export const inspectionFiguresOperations = {
  vehicleMeasurements: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/vehicles/:id/inspection-measurements',
      tag,
      summary:
        "A vehicle's measurements over its completed and sent inspections: one series per measured key (tread depth per wheel, pads, battery...), oldest first, with the latest label and the unit",
    },
    input: vehicleIdSchema,
    output: vehicleMeasurementsSchema,
    handler: ({ ctx, input }) => vehicleMeasurements(ctx.deps.db, input.id),
  }),
  summary: query({
    access: 'staff',
    rest: {
      method: 'GET',
      path: '/inspections/figures',
      tag,
      summary:
        "Inspections completed in a period (the dashboard's period and time zone, or from/to days), their flagged items, the tasks proposed from them, the customer's decisions and the approved value, per technician",
    },
    input: inspectionFiguresInputSchema,
    output: inspectionFiguresSchema,
    handler: ({ ctx, input }) => inspectionFigures(ctx.deps.db, input, new Date()),
  }),
};
