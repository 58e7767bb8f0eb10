import { z } from 'zod';

/** The defaults a call's input declares (e.g. section "day", nationality "Ugandan"), to start a form with. */
export function inputDefaults(schema: z.ZodType): Record<string, unknown> {
  if (!(schema instanceof z.ZodObject)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (field instanceof z.ZodDefault) out[key] = field.def.defaultValue;
  }
  return out;
}
