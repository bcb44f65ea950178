/**
 * Settings → Workspaces: create a workspace, and for each one rename, archive or
 * restore, pin sites to it (their pages are captured there whatever is active), and
 * delete. Deleting asks first and offers the workspace's export (JSON,
 * complete and re-importable) before anything is removed; Default and the active
 * workspace are kept (the background refuses them, and the buttons say so).
 */
import { useState } from 'react';
import { DEFAULT_WORKSPACE_ID } from '../../core/workspace/workspace';
import type { Workspace } from '../../core/workspace/workspace';
import { callTool } from '../../messaging/client';
import { download, stamp } from '../download';
import { jsonExport } from '../json-export';
import { graphOfWorkspace } from '../panel-ports';
import { userError } from '../user-error';
import { useWorkspaces } from '../workspace/use-workspaces';

/** Saves workspace `w`'s whole graph as a JSON export (streamed into a Blob). */
async function exportWorkspace(w: Workspace): Promise<string> {
  const file = await jsonExport(graphOfWorkspace(w.id), stamp());
  download(`${w.name}-${file.fileName}`, file.blob, 'application/json');
  return file.summary;
}

function WorkspaceRow({
  workspace,
  active,
  report,
}: {
  readonly workspace: Workspace;
  readonly active: boolean;
  readonly report: (message: string) => void;
}) {
  const [name, setName] = useState(workspace.name);
  const [confirming, setConfirming] = useState(false);
  const kept = workspace.id === DEFAULT_WORKSPACE_ID || active;
  const act = (run: () => Promise<string>) => () => void run().then(report, (e: unknown) => report(userError(e)));
  const rename = act(async () => `Renamed to ${(await callTool('workspace_rename', { workspace: workspace.id, name })).workspace.name}.`);
  const archive = act(async () => {
    const out = await callTool('workspace_archive', { workspace: workspace.id, archived: !workspace.archived });
    return `${out.workspace.name} ${out.workspace.archived ? 'archived' : 'restored'}.`;
  });
  const remove = act(async () => {
    setConfirming(false);
    return `Deleted ${(await callTool('workspace_delete', { workspace: workspace.id, confirm: true })).deleted.name}.`;
  });
  return (
    <li className="stack" data-testid="workspace-row" data-workspace={workspace.name}>
      <form
        className="actions"
        onSubmit={(e) => {
          e.preventDefault();
          rename();
        }}
      >
        <input
          aria-label={`Name of workspace ${workspace.name}`}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          data-testid="workspace-name"
        />
        <button type="submit" disabled={name.trim() === '' || name === workspace.name}>
          Rename
        </button>
        {active && <span className="muted small">active</span>}
        {workspace.archived && <span className="muted small">archived</span>}
      </form>
      <div className="actions">
        <button
          type="button"
          onClick={archive}
          disabled={kept && !workspace.archived}
          title={kept ? 'Default and the active workspace stay' : undefined}
          data-testid="workspace-archive"
        >
          {workspace.archived ? 'Restore' : 'Archive'}
        </button>
        <button type="button" onClick={act(() => exportWorkspace(workspace).then((s) => `Saved ${s}`))} data-testid="workspace-export">
          Export
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => setConfirming(true)}
          disabled={kept}
          title={kept ? 'Default and the active workspace cannot be deleted' : undefined}
          data-testid="workspace-delete"
        >
          Delete…
        </button>
      </div>
      {!workspace.archived && <PinnedSites workspace={workspace} act={act} />}
      {confirming && (
        <div role="group" aria-label={`Confirm deleting ${workspace.name}`} className="confirm">
          <p>Delete “{workspace.name}” and its whole graph? This cannot be undone; export it first if you may want it back.</p>
          <button
            type="button"
            onClick={act(() => exportWorkspace(workspace).then((s) => `Saved ${s}`))}
            data-testid="workspace-export-first"
          >
            Export first
          </button>
          <button type="button" className="danger" onClick={remove} data-testid="workspace-confirm-delete">
            Delete workspace
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
    </li>
  );
}

/** The sites pinned to a workspace: each with a button to unpin it, and a form to pin one. */
function PinnedSites({ workspace, act }: { readonly workspace: Workspace; readonly act: (run: () => Promise<string>) => () => void }) {
  const [site, setSite] = useState('');
  const pin = act(async () => {
    const out = await callTool('workspace_pin_site', { workspace: workspace.id, site });
    setSite('');
    return `Pages of ${site.trim()} go to ${out.workspace.name}${out.moved_from === undefined ? '' : ` (no longer ${out.moved_from})`}.`;
  });
  return (
    <div className="stack small">
      {workspace.pinnedSites.length > 0 && (
        <ul className="chips" aria-label={`Sites pinned to ${workspace.name}`}>
          {workspace.pinnedSites.map((p) => (
            <li key={p} className="chip">
              {p}{' '}
              <button
                type="button"
                className="small"
                aria-label={`Unpin ${p}`}
                onClick={act(
                  async () =>
                    `${(await callTool('workspace_unpin_site', { workspace: workspace.id, site: p })).workspace.name}: ${p} unpinned.`,
                )}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="actions"
        onSubmit={(e) => {
          e.preventDefault();
          pin();
        }}
      >
        <input
          aria-label={`Pin a site to ${workspace.name}`}
          placeholder="Pin a site (example.com, *.example.com)"
          value={site}
          maxLength={300}
          onChange={(e) => setSite(e.target.value)}
          data-testid="workspace-pin-site"
        />
        <button type="submit" disabled={site.trim() === ''}>
          Pin
        </button>
      </form>
    </div>
  );
}

export function WorkspaceSettings() {
  const { workspaces, active } = useWorkspaces();
  const [name, setName] = useState('');
  const [message, setMessage] = useState<string>();
  const create = async () => {
    try {
      const out = await callTool('workspace_create', { name });
      setName('');
      setMessage(`Created ${out.workspace.name}.`);
    } catch (e) {
      setMessage(userError(e));
    }
  };
  return (
    <fieldset>
      <legend>Workspaces</legend>
      <p className="muted small">One graph per research project. Captures go to the active workspace (switch it in the header, Alt+W).</p>
      <form
        className="actions"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <input
          aria-label="New workspace name"
          placeholder="New workspace"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          data-testid="workspace-new-name"
        />
        <button type="submit" disabled={name.trim() === ''} data-testid="workspace-create">
          Create
        </button>
      </form>
      <ul className="stack" aria-label="Workspaces">
        {workspaces.map((w) => (
          <WorkspaceRow key={`${w.id}:${w.name}`} workspace={w} active={w.id === active.id} report={setMessage} />
        ))}
      </ul>
      {message !== undefined && (
        <p role="status" data-testid="workspace-message">
          {message}
        </p>
      )}
    </fieldset>
  );
}
