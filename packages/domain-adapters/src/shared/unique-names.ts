import type { z } from 'zod';

/**
 * Adds an issue at the name of each item whose name an earlier item of the list has. An input
 * names its sites (regions, patches, banks, supply sites) so that they can be told apart: by
 * droughts, suppliers and exposures, by an experiment's paths (`regions[A]`) and in the visible
 * state. Two of one name would be read as the first, silently.
 *
 * @example
 * .superRefine((input, ctx) => flagDuplicateNames(input.regions, 'regions', 'region', ctx))
 */
export function flagDuplicateNames(items: readonly { name: string }[], listKey: string, kind: string, ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.name)) ctx.addIssue({ code: 'custom', path: [listKey, index, 'name'], message: `duplicate ${kind} name "${item.name}"` });
    seen.add(item.name);
  });
}
