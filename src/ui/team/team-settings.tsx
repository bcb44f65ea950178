/**
 * Settings → Team: link the active workspace to a team's PostgreSQL database. A form
 * (host, port, database, user, password, team workspace id) checked against the
 * contract before it is sent; "Link" has the background test the connection through
 * the native host and shows a refusal by the form; then the status (linked to what,
 * changes waiting, last sync, last error), "Sync now" and "Unlink" (confirmed: the
 * local graph stays). A link to another team workspace or database, while changes
 * recorded for the old one wait, says how many it drops and asks first. The password goes to the native host only; the form never shows it back.
 *
 * @example
 *   <TeamSettings />                                   // in Settings, for the active workspace
 *   <TeamSettingsView client={fake} workspaceName="Default" />   // tests
 */
import { useCallback, useState } from 'react';
import { sendMessage } from '../../messaging/client';
import type { TeamLinkResult, TeamStatus, TeamSyncResult } from '../../messaging/protocol';
import { usePolled } from '../use-polled';
import { useWorkspaces } from '../workspace/use-workspaces';
import type { TeamField, TeamForm, TeamLinkArgs } from './team-form';
import {
  changesDroppedBy,
  checkTeamForm,
  describeTeamStatus,
  formOf,
  INSTALL_COMMAND,
  linkedText,
  relinkWarning,
  syncCountsText,
  TEAM_FIELDS,
  teamErrorText,
} from './team-form';

// Often enough to see the waiting count follow captures, rarely enough to cost nothing.
const POLL_MS = 5000;

/** What the view asks the background (the messages of `team.*`); tests pass their own. */
export interface TeamClient {
  status(): Promise<TeamStatus>;
  link(args: TeamLinkArgs): Promise<TeamLinkResult>;
  unlink(): Promise<TeamStatus>;
  sync(): Promise<TeamSyncResult>;
}

const backgroundTeam: TeamClient = {
  status: () => sendMessage({ type: 'team.status' }),
  link: (args) => sendMessage({ type: 'team.link', ...args }),
  unlink: () => sendMessage({ type: 'team.unlink' }),
  sync: () => sendMessage({ type: 'team.sync' }),
};

const LABELS: Readonly<Record<TeamField, string>> = {
  host: 'Host',
  port: 'Port',
  database: 'Database',
  user: 'User (your member name)',
  password: 'Password',
  teamWorkspace: 'Team workspace id',
};

/** Input attributes per field; the lengths are the contract's (the check says why a value is refused). */
const INPUTS: Readonly<Record<TeamField, { maxLength: number; type?: string; inputMode?: 'numeric'; placeholder?: string }>> = {
  host: { maxLength: 255, placeholder: 'db.example.org' },
  port: { maxLength: 5, inputMode: 'numeric' },
  database: { maxLength: 63, placeholder: 'research' },
  user: { maxLength: 63, placeholder: 'alice' },
  password: { maxLength: 1024, type: 'password' },
  teamWorkspace: { maxLength: 63, placeholder: 'acme' },
};

/** A field as the panel's labels lay out theirs: name, input and notes stacked closely. */

type StatusRead = { readonly status: TeamStatus; readonly error?: undefined } | { readonly status?: undefined; readonly error: string };

/** An action's outcome, shown by the part of the view it came from (a refused link by the form). */
type Message = { readonly ok: boolean; readonly text: string; readonly from: 'link' | 'status' };

export function TeamSettings() {
  const { active } = useWorkspaces();
  return <TeamSettingsView key={active.id} client={backgroundTeam} workspaceName={active.name} />;
}

export function TeamSettingsView({
  client,
  workspaceName,
  now = Date.now,
}: {
  readonly client: TeamClient;
  readonly workspaceName: string;
  readonly now?: () => number;
}) {
  const [tick, setTick] = useState(0);
  // A failed read is shown, not waited on forever (an old background without team sync answers `unavailable`).
  const read = useCallback(
    () =>
      client.status().then(
        (status): StatusRead => ({ status }),
        (error: unknown): StatusRead => ({ error: teamErrorText(error) }),
      ),
    [client],
  );
  const { status, error: readError } = usePolled(read, POLL_MS, tick) ?? {};
  const [draft, setDraft] = useState<TeamForm>();
  const [errors, setErrors] = useState<ReadonlyMap<TeamField, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>();
  const [confirming, setConfirming] = useState(false);
  /** A link to another team log waiting for the user's yes: it drops the changes still queued for the old one. */
  const [relinking, setRelinking] = useState<{ readonly args: TeamLinkArgs; readonly drops: number }>();
  if (status === undefined) {
    return (
      <fieldset data-testid="team-settings">
        <legend>Team</legend>
        {readError === undefined ? (
          <p className="muted">Asking the background about team sync…</p>
        ) : (
          <p className="error" data-testid="team-error">
            Team sync cannot be set up right now. {readError}
          </p>
        )}
      </fieldset>
    );
  }
  const form = draft ?? formOf(status.connection);
  const words = describeTeamStatus(status, now());
  const edit = (field: TeamField, value: string) => {
    setDraft({ ...form, [field]: value });
    if (errors.has(field)) setErrors(new Map([...errors].filter(([f]) => f !== field)));
  };
  const act = async (from: Message['from'], run: () => Promise<string>) => {
    setBusy(true);
    setMessage(undefined); // the last outcome goes while the next one is on its way
    setMessage(
      await run().then(
        // A link that worked is news about the status (the form folds away once linked).
        (text) => ({ ok: true, text, from: 'status' }),
        (error: unknown) => ({ ok: false, text: teamErrorText(error), from }),
      ),
    );
    setBusy(false);
    setTick((t) => t + 1);
  };
  const linkNow = (args: TeamLinkArgs) => {
    setRelinking(undefined);
    void act('link', async () => {
      const out = await client.link(args);
      setDraft(undefined); // the typed password leaves the panel's memory with it
      return linkedText(out.dropped);
    });
  };
  const link = () => {
    const checked = checkTeamForm(form);
    setErrors(checked.ok ? new Map() : checked.errors);
    if (!checked.ok) return;
    const drops = changesDroppedBy(status, checked.args);
    if (drops > 0) setRelinking({ args: checked.args, drops });
    else linkNow(checked.args);
  };
  const sync = () => void act('status', async () => syncCountsText(await client.sync()));
  const unlink = () => {
    setConfirming(false);
    void act('status', async () => {
      await client.unlink();
      return `Unlinked: “${workspaceName}” keeps its whole graph here and stops syncing.`;
    });
  };
  const linked = status.linked;
  const fields = (
    <form
      className="stack"
      noValidate
      aria-label="Team database connection"
      onSubmit={(e) => {
        e.preventDefault();
        link();
      }}
    >
      {TEAM_FIELDS.map((field) => (
        <TeamInput key={field} field={field} value={form[field]} error={errors.get(field)} onChange={edit} />
      ))}
      <div className="actions">
        <button type="submit" disabled={busy} data-testid="team-link">
          {busy ? 'Working…' : linked ? 'Link again' : 'Link'}
        </button>
      </div>
      {relinking !== undefined && (
        <div role="group" aria-label="Confirm relinking" className="confirm">
          <p>{relinkWarning(relinking.drops, relinking.args)}</p>
          <button type="button" className="danger" onClick={() => linkNow(relinking.args)} data-testid="team-confirm-relink">
            Link and drop {relinking.drops === 1 ? '1 change' : `${relinking.drops} changes`}
          </button>
          <button type="button" onClick={() => setRelinking(undefined)}>
            Cancel
          </button>
        </div>
      )}
      {message?.from === 'link' && <Outcome message={message} />}
    </form>
  );
  return (
    <fieldset data-testid="team-settings">
      <legend>Team</legend>
      <p className="muted small">
        Share the graph of “{workspaceName}” with your team through a PostgreSQL database the team runs: its entities, aliases,
        relationships and the sentences they were read from (with the page’s address and title), each marked with who contributed it. Page
        text is not sent. Your password is kept by Ariadne’s local helper program on this computer, never by the browser.
      </p>
      {words.install !== undefined && (
        <p className="warning" data-testid="team-install">
          {words.install.split(INSTALL_COMMAND)[0]}
          <code>{INSTALL_COMMAND}</code>
          {words.install.split(INSTALL_COMMAND)[1]}
        </p>
      )}
      <div className="card stack" data-testid="team-status" data-linked={String(linked)}>
        <p>{words.link}</p>
        <p data-testid="team-queued">{words.queue}</p>
        <p className="muted" data-testid="team-last-sync">
          {words.lastSync}
          {words.lastResult !== undefined && ` ${words.lastResult}`}
        </p>
        {words.refused !== undefined && (
          <p className="warning" data-testid="team-refused">
            {words.refused}
          </p>
        )}
        {words.error !== undefined && (
          <p className="error" data-testid="team-error">
            Last error: {words.error}
          </p>
        )}
        {linked && (
          <div className="actions">
            <button type="button" onClick={sync} disabled={busy} data-testid="team-sync">
              {busy ? 'Working…' : 'Sync now'}
            </button>
            <button type="button" className="danger" onClick={() => setConfirming(true)} disabled={busy} data-testid="team-unlink">
              Unlink…
            </button>
          </div>
        )}
        {confirming && (
          <div role="group" aria-label="Confirm unlinking" className="confirm">
            <p>Stop syncing “{workspaceName}”? Its graph stays in this browser; changes not sent yet wait until you link again.</p>
            <button type="button" className="danger" onClick={unlink} data-testid="team-confirm-unlink">
              Unlink
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        )}
        {message?.from === 'status' && <Outcome message={message} />}
      </div>
      {linked ? (
        <details>
          <summary>Connection</summary>
          {fields}
        </details>
      ) : (
        fields
      )}
    </fieldset>
  );
}

function Outcome({ message }: { readonly message: Message }) {
  return (
    <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'ok' : 'error'} data-testid="team-message">
      {message.text}
    </p>
  );
}

function TeamInput({
  field,
  value,
  error,
  onChange,
}: {
  readonly field: TeamField;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (field: TeamField, value: string) => void;
}) {
  const id = `team-${field}`;
  const errorId = `${id}-error`;
  const helpId = field === 'password' ? `${id}-help` : undefined;
  const described = [error === undefined ? undefined : errorId, helpId].filter(Boolean).join(' ');
  // The label holds only the field's name; the hint and the error are read as its description.
  return (
    <div className="field">
      <label htmlFor={id}>{LABELS[field]}</label>
      <input
        {...INPUTS[field]}
        id={id}
        value={value}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error !== undefined}
        aria-describedby={described === '' ? undefined : described}
        onChange={(e) => onChange(field, e.target.value)}
        data-testid={id}
      />
      {helpId !== undefined && (
        <span id={helpId} className="muted small">
          Leave it empty to keep the one the helper program already has (or its ~/.pgpass).
        </span>
      )}
      {error !== undefined && (
        <span id={errorId} className="error small">
          {error}
        </span>
      )}
    </div>
  );
}
