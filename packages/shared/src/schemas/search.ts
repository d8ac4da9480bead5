// Staff search (/admin/search): one box over customers, vehicles and visits.
import { z } from 'zod';
import { ROLES, VEHICLE_TYPES } from '../constants.ts';

export const SEARCH_QUERY_MAX = 100;
export const SEARCH_GROUP_LIMIT = 8;

export const searchQuerySchema = z.object({ q: z.string().trim().max(SEARCH_QUERY_MAX).default('') });

export const searchResultSchema = z.object({
  customers: z.array(
    z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      username: z.string(),
      email: z.string().nullable(),
      countryCode: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      role: z.enum(ROLES),
      imageUrl: z.string().nullable(),
    }),
  ),
  vehicles: z.array(
    z.object({
      id: z.string(),
      ownerId: z.string(),
      ownerName: z.string(),
      plateNumber: z.string(),
      brand: z.string(),
      model: z.string(),
      year: z.number(),
      type: z.enum(VEHICLE_TYPES),
    }),
  ),
  visits: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      customerId: z.string(),
      customerName: z.string(),
      vehicleId: z.string(),
      plateNumber: z.string(),
      status: z.string(),
      visitDate: z.string(),
    }),
  ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
