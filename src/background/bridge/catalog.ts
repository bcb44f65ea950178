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

/** `entity_search` → `Entity search`: a human title for clients that show one. */
function titleOf(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A JSON Schema that MCP accepts (its top level must be an object schema). */
function objectSchema(tool: CatalogTool): BridgeTool['inputSchema'] {
  const schema = inputJsonSchema(tool);
  const { $schema: _ignored, ...rest } = schema;
  return { ...rest, type: 'object' };
}

/**
 * The tools offered to agents: not `internal`, sorted by name, at most 200. Registry
 * inputs are `z.object`s; a top level without `type` (a union) is marked `object` so
 * MCP clients accept it.
 *
 * @example
 *   const tools = toBridgeCatalog(registry.list());
 */
export function toBridgeCatalog(tools: readonly CatalogTool[]): BridgeTool[] {
  return tools
    .filter((tool) => tool.internal !== true)
    .slice()
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, MAX_BRIDGE_TOOLS)
    .map((tool) => ({
      name: tool.name,
      description:
        tool.__sideEffectClass === 'read-only'
          ? tool.description
          : `${tool.description}\n\nWrites wait for the user's approval in Ariadne's side panel.`,
      inputSchema: objectSchema(tool),
      annotations: { title: titleOf(tool.name), ...annotationsFor(tool.__sideEffectClass, tool.__idempotent) },
    }));
}
