/**
 * "Copy to workspace…" on a captured page: its entities, the relationships it
 * contributed, its evidence and the page itself go into another workspace, joining the
 * entities they match there. To move the page, delete it here afterwards.
 */
import { useState } from 'react';
import { callTool } from '../../messaging/client';
import { userError } from '../user-error';
import { useWorkspaces } from '../workspace/use-workspaces';

export function CopyPageTo({ url, onDone }: { readonly url: string; readonly onDone: (message: string) => void }) {
  const { workspaces, active } = useWorkspaces();
  const [target, setTarget] = useState('');
  const others = workspaces.filter((w) => w.id !== active.id && !w.archived);
  if (others.length === 0) return null;
  const copy = () =>
    void callTool('workspace_copy_page', { url, from: active.id, to: target }).then(
      (out) =>
        onDone(
          `Copied into ${out.to}: ${out.entities.created} new entities, ${out.entities.updated + out.entities.unchanged} joined. To move the page, delete it here.`,
        ),
      (e: unknown) => onDone(userError(e)),
    );
  return (
    <form
      className="actions"
      onSubmit={(e) => {
        e.preventDefault();
        copy();
      }}
    >
      <select
        aria-label="Copy this page to workspace"
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        data-testid="copy-page-target"
      >
        <option value="">Copy to workspace…</option>
        {others.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
          </option>
        ))}
      </select>
      <button type="submit" disabled={target === ''} data-testid="copy-page">
        Copy
      </button>
    </form>
  );
}
