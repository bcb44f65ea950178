/**
 * The workspace list as the panel follows it: read live from the registry's store (the
 * background writes it), with the active workspace worked out the way the registry does
 * (the one switched to, unless archived or gone; else Default).
 *
 * @example
 *   const { active, workspaces } = useWorkspaces();
 */
import { activeWorkspaceOf } from '../../core/workspace/workspace-registry';
import { DEFAULT_WORKSPACE_ID, DEFAULT_WORKSPACE_NAME } from '../../core/workspace/workspace';
import type { Workspace } from '../../core/workspace/workspace';
import { useLiveQuery } from '../live-query';
import { panelWorkspaces } from '../panel-ports';

export interface WorkspacesView {
  /** False until the first read came back. */
  readonly loaded: boolean;
  /** Every workspace, archived ones included, by creation time. */
  readonly workspaces: readonly Workspace[];
  readonly active: Workspace;
}

/** Default as it is before the background registered it (a first start). */
const UNREGISTERED_DEFAULT: Workspace = {
  id: DEFAULT_WORKSPACE_ID,
  name: DEFAULT_WORKSPACE_NAME,
  createdAt: 0,
  archived: false,
  pinnedSites: [],
};

export function useWorkspaces(): WorkspacesView {
  // A switch is one small write: shown at once, not throttled like graph views.
  const { value } = useLiveQuery(() => panelWorkspaces().read(), [], { minIntervalMs: 0 });
  const workspaces = value?.workspaces ?? [];
  return { loaded: value !== undefined, workspaces, active: activeWorkspaceOf(workspaces, value?.activeId) ?? UNREGISTERED_DEFAULT };
}
