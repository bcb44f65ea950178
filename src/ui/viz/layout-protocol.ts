/**
 * Messages between the side panel and the diagram's layout frame (a sandboxed page that
 * runs Mermaid on its own thread, see `layout-frame.ts`). Both sides parse what they
 * receive with these schemas: the frame trusts nothing from the window that posted, and
 * the panel treats the frame's answer as untrusted markup.
 */
import { z } from 'zod';

/** Mermaid parts in one request at most (a diagram of 300 nodes makes a few dozen). */
export const MAX_LAYOUT_PARTS = 256;
/** Characters of Mermaid text in one part at most (300 escaped nodes and their edges fit many times). */
export const MAX_PART_CHARS = 1_000_000;
/** Characters of SVG in one answer at most (300 nodes draw to well under a megabyte). */
export const MAX_SVG_CHARS = 16_000_000;

export const layoutRequestSchema = z.object({
  kind: z.literal('ariadne-diagram-render'),
  id: z.number().int().nonnegative(),
  parts: z.array(z.string().max(MAX_PART_CHARS)).min(1).max(MAX_LAYOUT_PARTS),
  /** The panel's scheme (its Settings choice or the system's): the frame cannot see it. */
  scheme: z.enum(['light', 'dark']).optional(),
});
export type LayoutRequest = z.infer<typeof layoutRequestSchema>;

export const layoutReplySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ariadne-diagram-ready') }),
  z.object({ kind: z.literal('ariadne-diagram-svg'), id: z.number().int().nonnegative(), svg: z.string().max(MAX_SVG_CHARS) }),
  z.object({ kind: z.literal('ariadne-diagram-error'), id: z.number().int().nonnegative(), message: z.string().max(2000) }),
]);
export type LayoutReply = z.infer<typeof layoutReplySchema>;
