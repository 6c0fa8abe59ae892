import { z } from 'zod';

/** Schema of a whole reply ({ status, msg, data }) around the schema of its `data`. Kept apart from reply.ts so that reply.ts needs no zod. */
export const replySchema = <T extends z.ZodType>(data: T) => z.object({ status: z.number().int(), msg: z.string(), data: data.nullable() });
