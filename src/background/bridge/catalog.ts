/**
 * The registry as an MCP catalogue: which tools go outside the extension, with what
 * JSON Schema and which hints. Built from the registry's records, never by hand.
 *
 *   read-only          readOnly  · not destructive · idempotent      · closed world
 *   side-effecting     writes    · not destructive · idempotent if declared · closed world
 *   destructive        writes    · destructive     · idempotent if declared · closed world
 *   external-stateful  writes    · not destructive · idempotent if declared · open world
 */
import { inputJsonSchema } from '../../core/tools/registry';
import type { ResolvedTool, SideEffectClass } from '../../core/tools/tool';
import { type BridgeTool, type BridgeToolAnnotations, MAX_BRIDGE_TOOLS } from '../../native-host/wire';

/** The parts of a registry record the catalogue reads. */
export type CatalogTool = Pick<
  ResolvedTool,
  'name' | 'description' | 'inputSchema' | 'internal' | '__sideEffectClass' | '__idempotent' | 'needsApproval' | 'maxResultTokens'
>;

/**
 * @example
 *   annotationsFor('read-only', false) // { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
 */
export function annotationsFor(sideEffectClass: SideEffectClass, idempotent: boolean): BridgeToolAnnotations {
  const readOnly = sideEffectClass === 'read-only';
  return {
    readOnlyHint: readOnly,
    destructiveHint: sideEffectClass === 'destructive',
    idempotentHint: readOnly || idempotent,
    openWorldHint: sideEffectClass === 'external-stateful',
  };
}

/** A JSON Schema that MCP accepts (its top level must be an object schema). */
function objectSchema(tool: CatalogTool): BridgeTool['inputSchema'] {
  const schema = inputJsonSchema(tool);
  const { $schema: _ignored, ...rest } = schema;
  return { ...rest, type: 'object' };
}

/**
 * Tools that stay out of the agents' list though they are served: `resolve_reference_target`
 * resolves "this" / "that answer" among the objects of a side-panel conversation (its
 * `chat_id` is one browser window's panel), which an agent is not part of and cannot name.
 */
export const NOT_FOR_AGENTS: ReadonlySet<string> = new Set(['resolve_reference_target']);

/**
 * The tools offered to agents: not `internal` nor in `NOT_FOR_AGENTS`, sorted by name,
 * at most 200. Registry inputs are `z.object`s; a top level without `type` (a union) is
 * marked `object` so MCP clients accept it.
 *
 * Kept small, since an agent reads the whole list before its first call: no title (the
 * name says it), and that writes wait for the user's approval is said once, in the
 * server's instructions, and by each tool's `readOnlyHint`, not in every description.
 *
 * @example
 *   const tools = toBridgeCatalog(registry.list());
 */
export function toBridgeCatalog(tools: readonly CatalogTool[]): BridgeTool[] {
  return tools
    .filter((tool) => tool.internal !== true && !NOT_FOR_AGENTS.has(tool.name))
    .slice()
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, MAX_BRIDGE_TOOLS)
    .map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: objectSchema(tool),
      annotations: annotationsFor(tool.__sideEffectClass, tool.__idempotent),
    }));
}
