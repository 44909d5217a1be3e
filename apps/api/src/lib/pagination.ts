import { z } from '@hono/zod-openapi';
import { decimalInteger } from './decimal-integer.js';

/** docs/api.md, "Lists and pagination": limit 1 to 200 (default 50), offset ≥ 0 (default 0), both integers in decimal digits. */
export const PaginationQuerySchema = z.object({
  limit: decimalInteger(1, 200)
    .default(50)
    .openapi({ param: { name: 'limit', in: 'query' }, example: 50 }),
  offset: decimalInteger(0)
    .default(0)
    .openapi({ param: { name: 'offset', in: 'query' }, example: 0 }),
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

export const OrderQuerySchema = z.object({
  order: z
    .enum(['asc', 'desc'])
    .default('asc')
    .openapi({ param: { name: 'order', in: 'query' }, description: 'By creation order' }),
});
export type SortOrder = z.infer<typeof OrderQuerySchema>['order'];

export const PaginationSchema = z.object({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }).openapi('Pagination');

/** The interface's list envelope around items of `item`. */
export function paginated<T extends z.ZodType>(item: T, name: string) {
  return z.object({ data: z.array(item), pagination: PaginationSchema }).openapi(name);
}

export interface Page<T> {
  items: T[];
  total: number;
}
