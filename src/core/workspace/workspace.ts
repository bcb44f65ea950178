/**
 * Workspaces: one knowledge graph per research project (a market scan, a hiring
 * search, a thesis). A workspace is the query loop's "world": every graph read and
 * write happens inside exactly one, and nothing joins across two. This module holds
 * the record, its id and the rules for its name; `WorkspaceRegistry` keeps the list.
 *
 * @example
 *   const name = cleanWorkspaceName('  Market   scan '); // 'Market scan'
 *   asWorkspaceId('w_lx3k0a9f2b'); // a WorkspaceId
 */
import { InvalidArgumentsError } from '../errors';
import type { Brand, Clock } from '../graph/ids';
import { systemClock } from '../graph/ids';
import { isSitePattern } from '../site-match';

export type WorkspaceId = Brand<string, 'WorkspaceId'>;

export interface Workspace {
  readonly id: WorkspaceId;
  /** Shown in the panel's header and accepted wherever a workspace is named; unique, ignoring case. */
  readonly name: string;
  readonly createdAt: number;
  /** Hidden from the switcher, never the capture target; its graph is kept and still readable. */
  readonly archived: boolean;
  /** Site patterns (as the capture blocklist spells them) whose pages are captured here, whatever is active. */
  readonly pinnedSites: readonly string[];
}

const WORKSPACE_ID = /^w_[0-9a-z_-]{1,64}$/;

/** The workspace that holds the graph of a database written before workspaces existed. */
export const DEFAULT_WORKSPACE_ID = parseKnownId('w_default');
export const DEFAULT_WORKSPACE_NAME = 'Default';

/** Bounds: a name fits a header and a select; a list of projects, not of pages. */
export const MAX_WORKSPACE_NAME_LENGTH = 80;
export const MAX_WORKSPACES = 100;
/** As many patterns, as long, as a capture list holds (the blocklist's bounds). */
export const MAX_PINNED_SITES = 2000;
export const MAX_SITE_PATTERN_LENGTH = 300;

/** Boundary parser: undefined when `raw` is not a workspace id. */
export function asWorkspaceId(raw: string): WorkspaceId | undefined {
  return WORKSPACE_ID.test(raw) ? (raw as WorkspaceId) : undefined;
}

function parseKnownId(raw: string): WorkspaceId {
  const id = asWorkspaceId(raw);
  if (id === undefined) throw new Error(`bad built-in workspace id ${raw}`);
  return id;
}

// C0 and C1 controls, the line and paragraph separators, and bidi overrides/isolates:
// a name is one visible line, and cannot reorder the text shown around it.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const SPACES = /\s+/g;

/**
 * A workspace name as stored: Unicode NFC, unprintable characters removed, runs of
 * whitespace collapsed, trimmed. Throws `invalid_arguments` when nothing is left or it
 * is longer than `MAX_WORKSPACE_NAME_LENGTH`.
 */
export function cleanWorkspaceName(raw: string): string {
  const name = raw.normalize('NFC').replace(UNPRINTABLE, '').replace(SPACES, ' ').trim();
  if (name === '') throw new InvalidArgumentsError('A workspace name must have at least one visible character.');
  if (name.length > MAX_WORKSPACE_NAME_LENGTH) {
    throw new InvalidArgumentsError(
      `A workspace name must be at most ${MAX_WORKSPACE_NAME_LENGTH} characters; this one has ${name.length}.`,
    );
  }
  // A reference is an id or a name: a name in the id form could point at another workspace's graph.
  if (looksLikeWorkspaceId(name))
    throw new InvalidArgumentsError(
      `"${name}" has the form of a workspace id (w_ followed by letters, digits, _ or -); choose a name that does not.`,
    );
  return name;
}

/** Whether `ref` reads as a workspace id once case and compatibility forms are ignored, as names are compared. */
export function looksLikeWorkspaceId(ref: string): boolean {
  return asWorkspaceId(workspaceNameKey(ref.trim())) !== undefined;
}

/** What two names must differ in to be two workspaces: case and compatibility forms do not count. */
export function workspaceNameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

/** Site patterns are compared as written apart from case and surrounding space (the matcher normalizes the rest). */
export function cleanSitePattern(raw: string): string {
  const pattern = raw.trim().toLowerCase();
  if (pattern === '')
    throw new InvalidArgumentsError('A site pattern must not be empty (e.g. example.com, *.example.com or https://example.com/docs/).');
  if (pattern.length > MAX_SITE_PATTERN_LENGTH)
    throw new InvalidArgumentsError(`A site pattern must be at most ${MAX_SITE_PATTERN_LENGTH} characters.`);
  if (!isSitePattern(pattern))
    throw new InvalidArgumentsError(
      `"${pattern.slice(0, 80)}" is not a site pattern (e.g. example.com, *.example.com or https://example.com/docs/).`,
    );
  return pattern;
}

/** Where new workspace ids come from. */
export type WorkspaceIdSource = () => WorkspaceId;

/** Time-ordered random ids (`w_<time36><random>`), unique across worker restarts. */
export function randomWorkspaceIds(clock: Clock = systemClock, random: () => number = Math.random): WorkspaceIdSource {
  return () =>
    parseKnownId(
      `w_${clock.now().toString(36)}${Math.floor(random() * 36 ** 8)
        .toString(36)
        .padStart(8, '0')}`,
    );
}

/** Sequential ids (`w_000001`, …): deterministic, for tests. */
export function sequentialWorkspaceIds(): WorkspaceIdSource {
  let n = 0;
  return () => parseKnownId(`w_${(++n).toString(36).padStart(6, '0')}`);
}
