/**
 * The resolver: turns a name into an entity of the graph, or says it is new, or
 * says it is in doubt, following the `resolve` contract (`schema.ts`).
 * Deterministic first: normalize → retrieve (blocking keys) → score (named features,
 * logistic confidence) → decide (thresholds); an authority (Wikidata) and an LLM are
 * optional extra phases, each recorded in `resolution_path`.
 */
import { toErrorShape } from '../errors';
import { MAX_TYPE_EVIDENCE, typeIsStated } from '../graph/type-evidence';
import type { Clock, EntityId } from '../graph/ids';
import { asEntityId } from '../graph/ids';
import type { GraphStore } from '../graph/store';
import type { Entity, EntityType } from '../graph/types';
import { cleanText, initialsOfKey, nameKey } from '../text/normalize';
import type { ScoredCandidate } from './decide';
import { byRank, decide } from './decide';
import { BIAS, computeFeatures, confidenceOf, domainsOf, parseEntityType, weightsFor } from './features';
import type { CandidateProfile, Features, SubjectProfile } from './features';
import { HashedNgramEmbedder, cosine } from './hashed-ngram-embedder';
import { runAuthority } from './authority-phase';
import { runLlm } from './llm-phase';
import { placeNames } from './demonyms';
import { expandOnPage, looksLikeAcronym } from './page-names';
import type { AuthorityEntry, AuthoritySource, Embedder, LlmSelector } from './ports';
import { PathRecorder, errorResponse, metaOf, requestIdFactory } from './response';
import { DEFAULT_AUTO_ACCEPT, DEFAULT_MAX_CANDIDATES, DEFAULT_MIN_CONFIDENCE, resolveRequestSchema } from './schema';
import type { ResolveRequest, ResolveResponse } from './schema';
import { CommonKeyMemo, retrieve } from './retrieve';
import type { FuzzyKeyMemo } from './retrieve';
import type { RetrievalStore } from './retrieve';

export interface ResolverSettings {
  /** Network look-ups (the authority) are off unless the user turned them on. */
  readonly networkLookups: boolean;
  /** Upper bound on one authority call, in ms. */
  readonly authorityTimeoutMs?: number;
  /** Upper bound on one LLM selection, in ms. */
  readonly llmTimeoutMs?: number;
}

/** What the resolver reads from the graph (a `GraphStore`, or a read-through view of one: a merge import's part). */
export type ResolverStore = RetrievalStore & Pick<GraphStore, 'getEntity' | 'relationshipsOf' | 'evidenceOfEntity' | 'getPage'>;

export interface ResolverDeps {
  readonly store: ResolverStore;
  readonly clock: Clock;
  readonly llm?: LlmSelector;
  readonly authority?: AuthoritySource;
  readonly embedder?: Embedder;
  readonly settings: ResolverSettings;
  /**
   * Weight overrides on top of the fitted defaults (`WEIGHTS`), for fitting and
   * evaluation (`bench/eval-resolve.ts` reads them from `EVAL_WEIGHTS`).
   */
  readonly weights?: Partial<Features>;
  /** Fuzzy keys of names a bulk caller already computed (a merge import's batch), shared with it. */
  readonly fuzzyKeys?: FuzzyKeyMemo;
}

/**
 * What ingestion knows beyond the wire request: the page the mention is on. Not part
 * of the `resolve` contract (a tool caller never sends it).
 */
export interface ResolveLocalContext {
  readonly pageUrl?: string;
  /** Other names on the same page (for short-name and acronym expansion), bounded. */
  readonly pageNames?: readonly string[];
  /** Entities already known to be on this page. */
  readonly pageEntityIds?: readonly string[];
  /** Names mentioned near the subject. */
  readonly coMentions?: readonly string[];
  /** The mention's own attributes (url, website…), for attribute agreement. */
  readonly attributes?: Readonly<Record<string, string>>;
  /**
   * Whether the expected type is stated (the page's structured data, the user's correction)
   * rather than guessed by a recognizer. Given, a type conflict between a statement and a
   * guess does not count (`TYPE_CONFLICT_WHEN_GUESSED`): the guess yields, and the type is
   * then decided by the evidence (`src/core/ingest/type-decision.ts`). Absent, every type
   * conflict counts in full.
   */
  readonly typeStated?: boolean;
}

export interface Resolver {
  /** Never throws: bad input and failures come back as `status: 'error'` with a code. */
  resolve(request: unknown, local?: ResolveLocalContext, signal?: AbortSignal): Promise<ResolveResponse>;
}

/** Candidates whose graph neighbours are read for the co-mention feature. */
const NEIGHBOUR_CANDIDATES = 8;
/** Neighbours read per candidate. */
const NEIGHBOUR_LIMIT = 20;
/**
 * Best-ranked candidates whose shared pages are read too (a few store reads each: in
 * IndexedDB that is the cost that matters, and the homonyms worth telling apart rank first).
 */
const PAGE_NEIGHBOUR_CANDIDATES = 4;
/** Evidence rows read per candidate to find the pages it was mentioned on. */
const NEIGHBOUR_EVIDENCE = 12;
/** Pages of a candidate whose entities count as its co-mentions. */
const NEIGHBOUR_PAGES = 6;
/** Co-page entities read per candidate, beyond its graph neighbours. */
const NEIGHBOUR_PAGE_ENTITIES = 80;
/** Co-mentions considered per request. */
const MAX_CO_MENTIONS = 50;
// A Map: the realm is the caller's string (`constructor` finds nothing).
const REALM_TYPES: ReadonlyMap<string, EntityType> = new Map([['geography', 'location']]);
const DEFAULT_AUTHORITY_TIMEOUT_MS = 3000;
/**
 * The share of `type_conflict` a stated type keeps against a guessed one: none. The guess
 * yields, as if the recognizer had left the name untyped: names and context decide the
 * match (any share large enough to matter sank same-name matches whose pages share no
 * names, co_mentions_known, into review), and the evidence then decides the type.
 */
const TYPE_CONFLICT_WHEN_GUESSED = 0;

/** What every phase of a resolution reads: the dependencies and the per-resolver memos. */
interface ResolverRuntime {
  readonly deps: ResolverDeps;
  readonly embedder: Embedder;
  readonly commonKeys: CommonKeyMemo;
  readonly weightsOf: (type: EntityType | undefined) => Readonly<Features>;
}

/** One request, parsed and set up: the bounds and the names the subject goes by. */
interface Prepared {
  readonly req: ResolveRequest;
  readonly local: ResolveLocalContext;
  readonly path: PathRecorder;
  readonly signal: AbortSignal | undefined;
  readonly meta: () => ResolveResponse['meta'];
  readonly mode: NonNullable<NonNullable<ResolveRequest['strategy']>['mode']>;
  readonly maxCandidates: number;
  readonly subject: string;
  readonly expectedType: EntityType | undefined;
  /** Place names the subject may mean ("German" → Germany). */
  readonly places: readonly string[];
  readonly names: readonly string[];
  readonly keys: readonly string[];
  readonly preferredId: string | undefined;
  readonly realm: string | undefined;
}

/**
 * @example
 *   const resolver = createResolver({ store, clock: systemClock, settings: { networkLookups: false } });
 *   const res = await resolver.resolve({ subject: 'Stripe, Inc.' });
 *   if (res.status === 'resolved') console.log(res.entity?.id);
 */
export function createResolver(deps: ResolverDeps): Resolver {
  const nextRequestId = requestIdFactory(deps.clock);
  const overrides = deps.weights;
  const runtime: ResolverRuntime = {
    deps,
    embedder: deps.embedder ?? new HashedNgramEmbedder(),
    commonKeys: new CommonKeyMemo(),
    weightsOf: (type) => (overrides ? { ...weightsFor(type), ...overrides } : weightsFor(type)),
  };

  async function resolve(raw: unknown, local: ResolveLocalContext = {}, signal?: AbortSignal): Promise<ResolveResponse> {
    const startedAt = deps.clock.now();
    const path = new PathRecorder();
    const parsed = resolveRequestSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? issue.path.join('.') || 'request' : 'request';
      path.add('normalize', 'reject', 'resolver', `invalid request at ${where}`);
      return errorResponse(
        'invalid_arguments',
        `Invalid resolve request at "${where}": ${issue?.message ?? 'bad input'}. Send at least {"subject": "<name>"}.`,
        path,
        metaOf(nextRequestId(raw, true), deps.clock, startedAt),
      );
    }
    const req = parsed.data;
    const requestId = nextRequestId({ req, local }, req.constraints?.deterministic === true);
    const meta = () => metaOf(requestId, deps.clock, startedAt);
    try {
      return await run(runtime, prepare(req, local, path, signal, meta));
    } catch (error) {
      const shape = toErrorShape(error);
      return errorResponse(shape.code, shape.message, path, meta());
    }
  }

  return { resolve };
}

/** Phase "normalize": the subject cleaned, the names it goes by, the expected type; recorded in the path. */
function prepare(
  req: ResolveRequest,
  local: ResolveLocalContext,
  path: PathRecorder,
  signal: AbortSignal | undefined,
  meta: () => ResolveResponse['meta'],
): Prepared {
  const realm = req.context?.realm?.toLowerCase();
  const subject = cleanText(req.subject);
  const expectedType = parseEntityType(req.hints?.expected_type) ?? (realm ? REALM_TYPES.get(realm) : undefined);
  const expansion = expandOnPage(subject, local.pageNames ?? [], expectedType);
  // A place and its demonym are one entity ("Germany" / "German"), unless the subject is typed otherwise.
  const places = expectedType === undefined || expectedType === 'location' || expectedType === 'other' ? placeNames(subject) : [];
  const names = [subject, ...(expansion ? [expansion.name] : []), ...(req.hints?.aliases ?? []).map(cleanText), ...places];
  const keys = [...new Set(names.map(nameKey).filter((k) => k.length > 0))];
  const notes = [`"${subject}" → "${nameKey(subject)}"`];
  if (expansion) notes.push(`${expansion.kind} on this page: "${expansion.name}"`);
  if (places.length > 0) notes.push(`place names: ${places.slice(0, 4).join(', ')}`);
  if (expectedType) notes.push(`expected type ${expectedType}`);
  if (realm) notes.push(`realm ${realm}${realm === 'internal' ? ' (no authority look-up)' : ''}`);
  if (req.context?.language) notes.push(`language ${req.context.language}`);
  if (req.context?.time) notes.push(`as of ${req.context.time}`);
  if (req.context?.provenance) notes.push(`provenance ${req.context.provenance}`);
  path.add('normalize', 'normalized', 'resolver', notes.join('; '));
  return {
    req,
    local,
    path,
    signal,
    meta,
    mode: req.strategy?.mode ?? 'ranked',
    maxCandidates: req.constraints?.max_candidates ?? DEFAULT_MAX_CANDIDATES,
    subject,
    expectedType,
    places,
    names,
    keys,
    preferredId: req.hints?.preferred_id,
    realm,
  };
}

/** The phases in order: retrieve, authority, score, decide (+ LLM), then the response. */
async function run(rt: ResolverRuntime, p: Prepared): Promise<ResolveResponse> {
  const { req, path } = p;
  const allowed = req.constraints?.allowed_sources ?? (req.constraints?.require_authority ? ['local', 'wikidata'] : ['local']);
  const useLocal = allowed.includes('local');
  const authorityWanted = (allowed.includes('wikidata') || req.constraints?.require_authority === true) && p.realm !== 'internal';
  const authorityIds = p.preferredId && /^Q\d+$/.test(p.preferredId) ? [p.preferredId] : [];

  const locals = useLocal ? await retrieveLocal(rt, p, authorityIds) : [];
  if (!useLocal) path.add('retrieve', 'skipped', 'local', 'allowed_sources excludes local');
  let entries: AuthorityEntry[] = [];
  if (authorityWanted) {
    const outcome = await consultAuthority(rt, p, useLocal, locals);
    if (outcome.kind === 'error') return errorResponse(outcome.code, outcome.message, path, p.meta());
    entries = outcome.entries;
  }
  const ranked = await rank(rt, p, locals, entries, authorityIds);
  const decision = await decideWithLlm(rt, p, ranked);
  return responseOf(p, decision, ranked);
}

/** Phase "retrieve": local candidates by blocking keys (fuzzy unless `quick`), plus the preferred id. */
async function retrieveLocal(rt: ResolverRuntime, p: Prepared, authorityIds: readonly string[]): Promise<Entity[]> {
  const r = await retrieve(rt.deps.store, p.names, {
    fuzzy: p.mode !== 'quick',
    authorityIds: [...authorityIds],
    commonKeys: rt.commonKeys,
    ...(rt.deps.fuzzyKeys === undefined ? {} : { fuzzyKeys: rt.deps.fuzzyKeys }),
  });
  const locals = [...r.entities];
  const pref = p.preferredId ? asEntityId(p.preferredId) : undefined;
  if (pref && !locals.some((e) => e.id === pref)) {
    const e = await rt.deps.store.getEntity(pref);
    if (e) locals.push(e);
  }
  p.path.add(
    'retrieve',
    'blocking_lookup',
    'local',
    `${locals.length} candidate(s) (${r.exactCount} by exact key) from ${r.keysAsked} index keys${r.skippedCommonKeys ? `, ${r.skippedCommonKeys} too-common key(s) skipped` : ''}${r.nearDuplicate ? ', word keys not needed (near-duplicate by signature)' : ''}`,
  );
  return locals;
}

/** Phase "authority": Wikidata entries, and the local entities already linked to them (added to `locals`). */
async function consultAuthority(rt: ResolverRuntime, p: Prepared, useLocal: boolean, locals: Entity[]): ReturnType<typeof runAuthority> {
  const { deps } = rt;
  const outcome = await runAuthority({
    authority: deps.authority,
    enabled: deps.settings.networkLookups,
    subject: p.subject,
    path: p.path,
    signal: p.signal,
    language: p.req.context?.language ?? 'en',
    limit: p.maxCandidates,
    timeoutMs: deps.settings.authorityTimeoutMs ?? DEFAULT_AUTHORITY_TIMEOUT_MS,
  });
  if (outcome.kind === 'error' || outcome.entries.length === 0 || !useLocal) return outcome;
  const linked = await deps.store.findEntitiesByKeys(
    outcome.entries.map((e) => `x:${e.id}`),
    outcome.entries.length * 2,
  );
  for (const e of linked) if (!locals.some((l) => l.id === e.id)) locals.push(e);
  return outcome;
}

/** Phase "score": every candidate's features and confidence, then those above `min_confidence`, best first. */
async function rank(
  rt: ResolverRuntime,
  p: Prepared,
  locals: readonly Entity[],
  entries: readonly AuthorityEntry[],
  authorityIds: readonly string[],
): Promise<ScoredCandidate[]> {
  const { req, local } = p;
  const minConfidence = req.constraints?.min_confidence ?? DEFAULT_MIN_CONFIDENCE;
  const subjectProfile: SubjectProfile = {
    keys: [...p.keys],
    keyTokens: p.keys.map((k) => new Set(k.split(' '))),
    expectedType: p.expectedType,
    preferredId: p.preferredId,
    acronymKeys: new Set(p.names.filter(looksLikeAcronym).map(nameKey)),
    initials: new Set(p.keys.map(initialsOfKey).filter((x) => x !== undefined)),
    authorityIds: new Set([...authorityIds, ...entries.map((e) => e.id)]),
    pageEntityIds: new Set(local.pageEntityIds ?? []),
    coMentionKeys: new Set((local.coMentions ?? []).slice(0, MAX_CO_MENTIONS).map(nameKey)),
    domains: domainsOf(local.attributes ?? {}),
  };
  const linkedIds = new Set(locals.map((e) => e.authorityId).filter((x) => x !== undefined));
  const profiles: { profile: CandidateProfile; entity?: Entity; entry?: AuthorityEntry }[] = [
    ...locals.map((e) => ({ entity: e, profile: entityProfile(e) })),
    ...entries.filter((en) => !linkedIds.has(en.id)).map((en) => ({ entry: en, profile: entryProfile(en) })),
  ];
  let scored = profiles.map((c) => scoreCandidate(rt, c.profile, subjectProfile, c.entity, c.entry));
  scored = await withNeighbours(
    rt,
    scored,
    subjectProfile,
    profiles.map((c) => c.profile),
  );
  // After the neighbours, which compute the features afresh.
  if (local.typeStated !== undefined) scored = await withGuessedTypes(rt, scored, subjectProfile, locals, local.typeStated);
  if (req.strategy?.use_embeddings) scored = await withEmbeddings(rt, scored, p.names, p.expectedType);
  let ranked = scored.filter((c) => c.confidence >= minConfidence).sort(byRank);
  if (req.constraints?.require_authority) ranked = ranked.filter((c) => c.authorityId !== undefined);
  const top = ranked[0];
  p.path.add(
    'score',
    'logistic',
    'resolver',
    `${scored.length} scored, ${ranked.length} ≥ min_confidence ${minConfidence}${top ? `; top "${top.label}" ${top.confidence.toFixed(3)}` : ''}${req.strategy?.use_embeddings ? `; embeddings: ${rt.embedder.name}` : ''}`,
  );
  return ranked;
}

/** Phase "decide": thresholds first; the LLM selects among the candidates only when the strategy asks and doubt remains. */
async function decideWithLlm(rt: ResolverRuntime, p: Prepared, ranked: readonly ScoredCandidate[]): ReturnType<typeof runLlm> {
  const { req, mode } = p;
  const llmMode = mode === 'llm_select' || mode === 'hybrid' || req.strategy?.use_llm_fallback === true;
  const decision = decide([...ranked], {
    mode: mode === 'llm_select' || mode === 'hybrid' ? 'ranked' : mode,
    autoAccept: req.strategy?.auto_accept_threshold ?? DEFAULT_AUTO_ACCEPT,
    interactiveBelowThreshold: req.strategy?.interactive_below_threshold ?? true,
    // An untyped place name or demonym ("German") means the place unless typed otherwise.
    expectedType:
      p.expectedType !== undefined && p.expectedType !== 'other' ? p.expectedType : p.places.length > 0 ? 'location' : undefined,
  });
  p.path.add('decide', decision.status, 'resolver', decision.note);
  const wantsLlm =
    llmMode &&
    ranked.length > 0 &&
    (mode === 'llm_select' || decision.status !== 'resolved') &&
    (mode !== 'hybrid' || req.strategy?.use_llm_fallback !== false);
  if (!wantsLlm) return decision;
  return runLlm({
    llm: rt.deps.llm,
    subject: p.subject,
    candidates: ranked.slice(0, p.maxCandidates),
    decision,
    path: p.path,
    signal: p.signal,
    timeoutMs: rt.deps.settings.llmTimeoutMs ?? DEFAULT_AUTHORITY_TIMEOUT_MS,
    context: { expectedType: p.expectedType, language: req.context?.language, coMentions: (p.local.coMentions ?? []).slice(0, 20) },
  });
}

/** The wire response: status, confidence, the candidates worth listing, entity or ambiguity, explanations on request. */
function responseOf(p: Prepared, decision: Awaited<ReturnType<typeof runLlm>>, ranked: readonly ScoredCandidate[]): ResolveResponse {
  const { req, maxCandidates } = p;
  const top = ranked[0];
  const listed = decision.status === 'ambiguous' ? decision.close : req.debug?.include_candidates ? ranked : [];
  const response: ResolveResponse = {
    status: decision.status,
    confidence: round(decision.status === 'resolved' ? decision.chosen.confidence : (top?.confidence ?? 0)),
    candidates: listed
      .slice(0, maxCandidates)
      .map((c) => ({ id: c.id, label: c.label, type: c.type, source: c.source, confidence: round(c.confidence) })),
    resolution_path: p.path.steps,
    meta: p.meta(),
  };
  if (decision.status === 'resolved') {
    const c = decision.chosen;
    response.entity = {
      id: c.id,
      label: c.label,
      type: c.type,
      source: c.source,
      description: c.description,
      uri: c.uri,
      attributes: c.attributes ? { ...c.attributes } : undefined,
    };
  }
  if (decision.status === 'ambiguous') response.ambiguity = { reason: decision.reason, dimension: decision.dimension };
  if (req.debug?.include_explanations === true)
    response.explanations = ranked
      .slice(0, maxCandidates)
      .map((c) => ({ id: c.id, confidence: round(c.confidence), features: roundAll(c.features) }));
  return response;
}

function scoreCandidate(
  rt: ResolverRuntime,
  profile: CandidateProfile,
  subject: SubjectProfile,
  entity?: Entity,
  entry?: AuthorityEntry,
): ScoredCandidate {
  const features = computeFeatures(subject, profile);
  return {
    id: profile.id,
    label: profile.name,
    type: profile.type ?? 'other',
    source: entity ? 'local' : 'wikidata',
    confidence: confidenceOf(features, rt.weightsOf(subject.expectedType ?? profile.type)),
    features,
    aliases: profile.aliases,
    mentionCount: profile.mentionCount,
    authorityId: profile.authorityId,
    description: entity?.description ?? entry?.description,
    uri: entry?.uri ?? (entity?.authorityId ? wikidataUri(entity.authorityId) : entity?.attributes.url),
    attributes: entity?.attributes,
  };
}

/**
 * A same-name candidate whose type conflicts with the subject's, where one of the two types
 * is stated and the other only guessed: the conflict counts `TYPE_CONFLICT_WHEN_GUESSED`
 * of its weight. A recognizer's type is wrong on about one stored name in ten, so a guess
 * against a statement is no evidence of two things; two guesses or two statements that
 * disagree still keep homonyms apart ("Jordan" the country and the player, both guessed).
 */
async function withGuessedTypes(
  rt: ResolverRuntime,
  scored: ScoredCandidate[],
  subject: SubjectProfile,
  locals: readonly Entity[],
  subjectStated: boolean,
): Promise<ScoredCandidate[]> {
  const out: ScoredCandidate[] = [];
  for (const c of scored) {
    const entity = c.source === 'local' ? locals.find((e) => e.id === c.id) : undefined;
    const sameName = c.features.exact_name === 1 || c.features.alias_match === 1;
    if (entity === undefined || c.features.type_conflict !== 1 || !sameName) {
      out.push(c);
      continue;
    }
    const evidence = await rt.deps.store.evidenceOfEntity(entity.id, MAX_TYPE_EVIDENCE);
    // An entity no page has named was typed by the user (entity_add): a statement too, so a page
    // stating another type for that name is a clash for review, not a guess to fold in.
    const stated = entity.typeSetByUser === true || !evidence.some((ev) => ev.kind === 'mention') || typeIsStated(evidence, entity.type);
    if (stated === subjectStated) {
      out.push(c);
      continue;
    }
    const features: Features = { ...c.features, type_conflict: TYPE_CONFLICT_WHEN_GUESSED };
    out.push({ ...c, features, confidence: confidenceOf(features, rt.weightsOf(subject.expectedType ?? entity.type)) });
  }
  return out;
}

async function withNeighbours(
  rt: ResolverRuntime,
  scored: ScoredCandidate[],
  subject: SubjectProfile,
  profiles: CandidateProfile[],
): Promise<ScoredCandidate[]> {
  if (subject.coMentionKeys.size === 0) return scored;
  const order = scored
    .map((c, i) => ({ c, i }))
    .sort((a, b) => byRank(a.c, b.c))
    .slice(0, NEIGHBOUR_CANDIDATES);
  const out = [...scored];
  for (const [rankIndex, { c, i }] of order.entries()) {
    const id = asEntityId(c.id);
    const profile = profiles[i];
    if (c.source !== 'local' || id === undefined || profile === undefined) continue;
    const neighbourKeys = await neighbourKeysOf(rt.deps.store, id, rankIndex < PAGE_NEIGHBOUR_CANDIDATES);
    if (neighbourKeys.size === 0) continue;
    const features = computeFeatures(subject, { ...profile, neighbourKeys });
    out[i] = { ...c, features, confidence: confidenceOf(features, rt.weightsOf(subject.expectedType ?? profile.type)) };
  }
  return out;
}

/**
 * Names of the candidate's graph neighbours and of the entities it shared pages with
 * (the pages of its first evidence rows, the later ones first), bounded. Pages are
 * what ingestion records anyway (`Page.entityIds`), so this needs no extra write.
 */
async function neighbourKeysOf(store: ResolverStore, id: EntityId, withPages: boolean): Promise<Set<string>> {
  const rels = await store.relationshipsOf(id, 'both', NEIGHBOUR_LIMIT);
  const others = new Set(rels.map((r) => (r.from === id ? r.to : r.from)));
  const evidence = withPages ? await store.evidenceOfEntity(id, NEIGHBOUR_EVIDENCE) : [];
  const urls = [...new Set(evidence.map((e) => e.pageUrl))].reverse().slice(0, NEIGHBOUR_PAGES);
  for (const url of urls) {
    const page = await store.getPage(url);
    for (const other of page?.entityIds ?? []) {
      if (others.size >= NEIGHBOUR_LIMIT + NEIGHBOUR_PAGE_ENTITIES) break;
      if (other !== id) others.add(other);
    }
  }
  const entities = await store.getEntities([...others]);
  return new Set(entities.map((e) => nameKey(e.name)));
}

async function withEmbeddings(
  rt: ResolverRuntime,
  scored: ScoredCandidate[],
  names: readonly string[],
  expectedType: EntityType | undefined,
): Promise<ScoredCandidate[]> {
  if (scored.length === 0) return scored;
  const subjectVecs = await rt.embedder.embed(names);
  const candVecs = await rt.embedder.embed(scored.map((c) => c.label));
  return scored.map((c, i) => {
    const v = candVecs[i];
    const sim = v ? Math.max(0, ...subjectVecs.map((s) => cosine(s, v))) : 0;
    // Centred on 0.5 so that unlike names are pushed down as much as like names are pulled up.
    const features: Features = { ...c.features, embedding: 2 * sim - 1 };
    return { ...c, features, confidence: confidenceOf(features, rt.weightsOf(expectedType ?? parseEntityType(c.type)), BIAS) };
  });
}

function entityProfile(e: Entity): CandidateProfile {
  // The index keys already hold the normalized name (n:) and aliases (a:): reuse them.
  let key: string | undefined;
  const aliasKeys: string[] = [];
  for (const k of e.keys) {
    if (k.startsWith('n:')) key = k.slice(2);
    else if (k.startsWith('a:')) aliasKeys.push(k.slice(2));
  }
  return {
    id: e.id,
    name: e.name,
    nameKey: key ?? nameKey(e.name),
    aliasKeys,
    nameIsAcronym: looksLikeAcronym(e.name),
    aliases: e.aliases,
    type: e.type,
    authorityId: e.authorityId,
    attributes: e.attributes,
    mentionCount: e.mentionCount,
    neighbourKeys: new Set(),
  };
}

function entryProfile(e: AuthorityEntry): CandidateProfile {
  return {
    id: e.id,
    name: e.label,
    nameKey: nameKey(e.label),
    aliasKeys: e.aliases.map(nameKey),
    nameIsAcronym: looksLikeAcronym(e.label),
    aliases: e.aliases,
    authorityId: e.id,
    attributes: {},
    mentionCount: 0,
    neighbourKeys: new Set(),
  };
}

function wikidataUri(qid: string): string {
  return `http://www.wikidata.org/entity/${qid}`;
}

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

function roundAll(f: Features): Record<string, number> {
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [k, round(v)]));
}
