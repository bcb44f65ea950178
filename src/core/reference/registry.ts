/**
 * The bounded, in-memory state `resolve_reference_target` reads (PRD "State sources"):
 * recent objects and messages per chat, the reply metadata between messages, and the
 * objects currently active in each topic. In Ariadne a chat is the side-panel
 * conversation of one browser window and a topic is a tab; the conversation records
 * messages and answers, captures record pages and media, the UI records entity cards
 * the user opens or acts on.
 *
 * Nothing is persisted (PRD non-goal). Every map has a limit and an eviction rule;
 * expiry is by time since last touch, read from the injected Clock.
 *
 * @example
 *   const registry = new ReferenceRegistry({ clock });
 *   registry.recordCapture({ chatId: 'w1', topicId: 't7', url, title: 'Stripe', kind: 'article' });
 *   registry.recordMessage({ chatId: 'w1', topicId: 't7', messageId: 'm1', author: { kind: 'user', userId: 'u1' } });
 *   registry.resolve({ chat_id: 'w1', topic_id: 't7', current_message_id: 'm1', sender_user_id: 'u1', raw_user_text: '…' });
 */
import { InvalidArgumentsError } from '../errors';
import type { EntityId } from '../graph/ids';
import { systemClock } from '../graph/ids';
import type { Clock } from '../graph/ids';
import type { EntityType } from '../graph/types';
import { entityObjectKind, isEntityObjectKind, MESSAGE_KINDS } from './kinds';
import type { ObjectKind } from './kinds';
import type { ReferenceLogger } from './log';
import { resolveReferenceTarget } from './resolve';
import { compareStrings, shortHash, shortLabel, topicKey } from './helpers';
import { referenceIdSchema, resolveReferenceInputSchema } from './schema';
import type { ObjectDescriptor, ResolveReferenceInput, ResolveReferenceOutput } from './schema';

export interface ReferenceLimits {
  /** Chats (browser windows) kept; the least recently written is forgotten first. */
  readonly maxChats: number;
  /** Typed objects (pages, media, entities, polls, …) per chat, least recently touched evicted. */
  readonly maxObjectsPerChat: number;
  /** Messages per chat, least recently touched evicted. */
  readonly maxMessagesPerChat: number;
  /** Topics per chat that remember their active objects. */
  readonly maxActiveTopics: number;
  /** Objects marked active in one topic (the tab's page, the open entity card, …). */
  readonly maxActivePerTopic: number;
  /** A typed object untouched for this long is expired: it is no longer a candidate. */
  readonly objectTtlMs: number;
  /** A message untouched for this long is expired. Longer than objects (PRD edge case). */
  readonly messageTtlMs: number;
}

const MINUTE = 60_000;
export const DEFAULT_REFERENCE_LIMITS: ReferenceLimits = {
  // A session rarely has more windows with an open side panel than this.
  maxChats: 16,
  // A few hours of browsing and talking in one window; keeps resolution well under 1 ms.
  maxObjectsPerChat: 512,
  maxMessagesPerChat: 256,
  // Open tabs that had something active; older tabs lose only their "active" marks.
  maxActiveTopics: 64,
  // The page, its main entity, an open card and one media item.
  maxActivePerTopic: 4,
  // Follow-ups refer to what was seen this session; older objects come back when seen again.
  objectTtlMs: 120 * MINUTE,
  // Messages stay in the side panel far longer than objects are remembered as typed objects.
  messageTtlMs: 24 * 60 * MINUTE,
};

interface StoredBase {
  readonly descriptor: ObjectDescriptor;
  /** Touched explicitly (UI action, follow-up), not only created. */
  readonly touched: boolean;
}

/** A typed object (page, media, entity, poll, …) as the registry holds it. */
export interface StoredObject extends StoredBase {
  readonly isMessage: false;
}

/** A message as the registry holds it. */
export interface StoredMessage extends StoredBase {
  readonly isMessage: true;
  readonly replyToMessageId: string | null;
  /** Kinds of the typed objects this message carried (kept after they expire). */
  readonly carriedKinds: ReadonlySet<ObjectKind>;
}

/** A read-only view of one chat, what the resolver works from. */
export interface ChatView {
  readonly chatId: string;
  readonly objects: ReadonlyMap<string, StoredObject>;
  readonly messages: ReadonlyMap<string, StoredMessage>;
  /** Topic key (`topicId`, or '' for none) → active object ids, most recently activated first. */
  readonly active: ReadonlyMap<string, readonly string[]>;
  readonly limits: ReferenceLimits;
}

export type MessageAuthor = { readonly kind: 'user'; readonly userId: string } | { readonly kind: 'bot' };

interface Where {
  readonly chatId: string;
  /** The tab; omit (or null) in a chat without topics. */
  readonly topicId?: string | null;
  /** Epoch ms; defaults to the registry clock. */
  readonly at?: number;
}

export interface RecordMessageInput extends Where {
  readonly messageId: string;
  readonly author: MessageAuthor;
  readonly replyToMessageId?: string;
  /** A short label (first words) shown with candidates; cut to MAX_LABEL_CHARS. */
  readonly label?: string;
}

export interface RecordAnswerInput extends Where {
  readonly messageId: string;
  /** The user message it answers (its reply target). */
  readonly replyToMessageId?: string;
  readonly label?: string;
  /** The answer is a summary (of a page, a conversation): also recorded as a `summary` object. */
  readonly summary?: boolean;
  /** Whom the answer was for (ownership of "my summary"). */
  readonly forUserId?: string;
}

export interface RecordObjectInput extends Where {
  readonly objectId: string;
  readonly kind: ObjectKind;
  readonly sourceMessageId?: string;
  readonly label?: string;
  readonly createdByUserId?: string;
  readonly createdByBot?: boolean;
  /** Mark it active in its topic (on screen now). */
  readonly active?: boolean;
}

export interface CaptureMedia {
  readonly src: string;
  readonly kind: 'media.image' | 'media.video' | 'media.voice' | 'media.document' | 'media.pdf';
  readonly label?: string;
}

export interface CaptureEntity {
  readonly entityId: EntityId;
  readonly type: EntityType;
  readonly name: string;
  /** 0..1 centrality on the page; the most salient one is the page's subject. */
  readonly salience: number;
}

export interface RecordCaptureInput extends Where {
  readonly url: string;
  readonly title: string;
  /** `article` when Readability found one, `link` otherwise. */
  readonly kind: 'article' | 'link';
  readonly sourceMessageId?: string;
  readonly userId?: string;
  readonly media?: readonly CaptureMedia[];
  readonly entities?: readonly CaptureEntity[];
  /** The page is on screen in its tab (true for a capture of the current tab). */
  readonly active?: boolean;
}

/** Media per capture kept as objects (the rest are not referable). */
export const MAX_CAPTURE_MEDIA = 8;
/** Central entities per capture kept as objects (salience order). */
export const MAX_CAPTURE_ENTITIES = 5;

export interface ResolveOptions {
  readonly requestId?: string;
  readonly logger?: ReferenceLogger;
}

interface ChatState {
  readonly objects: Map<string, StoredObject>;
  readonly messages: Map<string, StoredMessage>;
  readonly active: Map<string, string[]>;
  readonly activeAt: Map<string, number>;
  writtenAt: number;
}

export class ReferenceRegistry {
  readonly limits: ReferenceLimits;
  private readonly clock: Clock;
  private readonly chats = new Map<string, ChatState>();

  constructor(options: { clock?: Clock; limits?: Partial<ReferenceLimits> } = {}) {
    this.clock = options.clock ?? systemClock;
    this.limits = { ...DEFAULT_REFERENCE_LIMITS, ...options.limits };
  }

  /** Records a user message (`message`) or a bot message (`bot_message`). */
  recordMessage(input: RecordMessageInput): ObjectDescriptor {
    const at = this.at(input);
    const messageId = checkId(input.messageId, 'messageId');
    const topicId = optionalId(input.topicId, 'topicId') ?? null;
    const userId = input.author.kind === 'user' ? checkId(input.author.userId, 'userId') : undefined;
    const replyTo = optionalId(input.replyToMessageId, 'replyToMessageId') ?? null;
    // Validate everything before touching state: a refused call changes nothing.
    const chat = this.chat(input.chatId, at);
    const carried = new Set<ObjectKind>();
    for (const o of chat.objects.values()) if (o.descriptor.source_message_id === messageId) carried.add(o.descriptor.kind);
    const previous = chat.messages.get(messageId);
    const descriptor = makeDescriptor({
      objectId: messageId,
      kind: input.author.kind === 'user' ? 'message' : 'bot_message',
      chatId: input.chatId,
      topicId,
      sourceMessageId: messageId,
      label: input.label,
      createdByUserId: userId,
      createdByBot: input.author.kind === 'bot',
      createdAt: previous?.descriptor.created_at ?? at,
      lastTouchedAt: at,
    });
    const stored: StoredMessage = {
      isMessage: true,
      descriptor,
      touched: previous?.touched ?? false,
      replyToMessageId: replyTo,
      carriedKinds: new Set([...(previous?.carriedKinds ?? []), ...carried]),
    };
    chat.messages.set(messageId, stored);
    evictOldest(chat.messages, this.limits.maxMessagesPerChat);
    return descriptor;
  }

  /** Records a bot answer; a summary is also recorded as a `summary` object it carries. */
  recordAnswer(input: RecordAnswerInput): ObjectDescriptor {
    const message = this.recordMessage({ ...input, author: { kind: 'bot' } });
    if (input.summary === true) {
      return this.recordObject({
        ...input,
        objectId: `${message.object_id}.summary`,
        kind: 'summary',
        sourceMessageId: message.object_id,
        createdByUserId: input.forUserId,
        createdByBot: true,
      });
    }
    return message;
  }

  /** Records (or refreshes) any typed object: poll, reminder, media, page, entity, … */
  recordObject(input: RecordObjectInput): ObjectDescriptor {
    if ((MESSAGE_KINDS as readonly string[]).includes(input.kind)) {
      throw new InvalidArgumentsError(`"${input.kind}" objects are messages; record them with recordMessage or recordAnswer`);
    }
    const at = this.at(input);
    const objectId = checkId(input.objectId, 'objectId');
    const sourceMessageId = optionalId(input.sourceMessageId, 'sourceMessageId') ?? null;
    const topicId = optionalId(input.topicId, 'topicId') ?? null;
    const createdBy = optionalId(input.createdByUserId, 'createdByUserId');
    const chat = this.chat(input.chatId, at);
    const previous = chat.objects.get(objectId);
    const descriptor = makeDescriptor({
      objectId,
      kind: input.kind,
      chatId: input.chatId,
      topicId,
      sourceMessageId: sourceMessageId ?? previous?.descriptor.source_message_id ?? null,
      label: input.label ?? previous?.descriptor.title_or_label,
      createdByUserId: createdBy ?? previous?.descriptor.created_by_user_id,
      createdByBot: input.createdByBot ?? previous?.descriptor.created_by_bot ?? false,
      createdAt: previous?.descriptor.created_at ?? at,
      lastTouchedAt: at,
    });
    chat.objects.set(objectId, { isMessage: false, descriptor, touched: previous?.touched ?? false });
    evictOldest(chat.objects, this.limits.maxObjectsPerChat);
    if (sourceMessageId !== null) {
      const carrier = chat.messages.get(sourceMessageId);
      if (carrier !== undefined)
        chat.messages.set(sourceMessageId, { ...carrier, carriedKinds: new Set([...carrier.carriedKinds, input.kind]) });
    }
    if (input.active === true) this.activate(chat, descriptor.topic_id, objectId, at);
    return descriptor;
  }

  /**
   * Records a captured page (`article` or `link`), its media and its central entities.
   * The page and its subject (the most salient entity) become active in the tab.
   */
  recordCapture(input: RecordCaptureInput): ObjectDescriptor[] {
    const base = { chatId: input.chatId, topicId: input.topicId, at: input.at, sourceMessageId: input.sourceMessageId };
    const active = input.active ?? true;
    const recorded = [
      this.recordObject({
        ...base,
        objectId: `pg_${shortHash(input.url)}`,
        kind: input.kind,
        label: input.title,
        createdByUserId: input.userId,
        active,
      }),
    ];
    for (const m of (input.media ?? []).slice(0, MAX_CAPTURE_MEDIA)) {
      recorded.push(this.recordObject({ ...base, objectId: `md_${shortHash(m.src)}`, kind: m.kind, label: m.label }));
    }
    const entities = [...(input.entities ?? [])]
      .sort((a, b) => b.salience - a.salience || compareStrings(a.entityId, b.entityId))
      .slice(0, MAX_CAPTURE_ENTITIES);
    entities.forEach((e, i) => {
      recorded.push(
        this.recordObject({ ...base, objectId: e.entityId, kind: entityObjectKind(e.type), label: e.name, active: active && i === 0 }),
      );
    });
    return recorded;
  }

  /** The user opened or acted on an entity card: the entity is touched and active in the tab. */
  recordEntityTouch(
    input: Where & { readonly entityId: EntityId; readonly type: EntityType; readonly name: string; readonly userId?: string },
  ): ObjectDescriptor {
    const descriptor = this.recordObject({
      chatId: input.chatId,
      topicId: input.topicId,
      at: input.at,
      objectId: input.entityId,
      kind: entityObjectKind(input.type),
      label: input.name,
      createdByUserId: input.userId,
      active: true,
    });
    this.touch({ chatId: input.chatId, objectId: input.entityId, at: input.at });
    return descriptor;
  }

  /**
   * Marks an object (or message) as touched now: a UI action on it, or a follow-up
   * the user confirmed. Returns false when the chat or object is unknown.
   */
  touch(input: { readonly chatId: string; readonly objectId: string; readonly at?: number; readonly active?: boolean }): boolean {
    const state = this.chats.get(input.chatId);
    if (state === undefined) return false;
    const at = this.at(input);
    const object = state.objects.get(input.objectId);
    const message = state.messages.get(input.objectId);
    const found = object ?? message;
    if (found === undefined) return false;
    const descriptor = { ...found.descriptor, last_touched_at: Math.max(found.descriptor.last_touched_at, at) };
    if (object !== undefined) state.objects.set(input.objectId, { isMessage: false, descriptor, touched: true });
    if (message !== undefined) state.messages.set(input.objectId, { ...message, descriptor, touched: true });
    if (input.active === true) this.activate(state, descriptor.topic_id, input.objectId, at);
    state.writtenAt = Math.max(state.writtenAt, at);
    return true;
  }

  /** Replaces what is active in a topic (the tab switched page, a card closed). */
  setActive(chatId: string, topicId: string | null, objectIds: readonly string[]): void {
    const at = this.clock.now();
    const ids = [...new Set(objectIds.map((id) => checkId(id, 'objectId')))].slice(0, this.limits.maxActivePerTopic);
    const chat = this.chat(chatId, at);
    const key = topicKey(optionalId(topicId, 'topicId'));
    chat.active.set(key, ids);
    chat.activeAt.set(key, at);
    this.boundTopics(chat);
  }

  /** The tab closed: nothing in it is active any more (its objects stay referable). */
  forgetTopic(chatId: string, topicId: string): void {
    const chat = this.chats.get(chatId);
    chat?.active.delete(topicKey(topicId));
    chat?.activeAt.delete(topicKey(topicId));
  }

  /** The window closed: the chat's whole state goes. */
  forgetChat(chatId: string): void {
    this.chats.delete(chatId);
  }

  /** A read-only view of one chat, or undefined when nothing was recorded in it. */
  view(chatId: string): ChatView | undefined {
    const chat = this.chats.get(chatId);
    if (chat === undefined) return undefined;
    return { chatId, objects: chat.objects, messages: chat.messages, active: chat.active, limits: this.limits };
  }

  /**
   * Validates a request (PRD input) and resolves it against this registry at the
   * clock's current time. Bad input → InvalidArgumentsError.
   */
  resolve(request: unknown, options: ResolveOptions = {}): ResolveReferenceOutput {
    const parsed = resolveReferenceInputSchema.safeParse(request);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
      throw new InvalidArgumentsError(`resolve_reference_target: invalid request (${issues.join('; ')}); fix these fields and retry`, {
        issues,
      });
    }
    return this.resolveParsed(parsed.data, options);
  }

  /** Resolves an already validated request (the tool boundary parsed it). */
  resolveParsed(input: ResolveReferenceInput, options: ResolveOptions = {}): ResolveReferenceOutput {
    const emptyView: ChatView = { chatId: input.chat_id, objects: new Map(), messages: new Map(), active: new Map(), limits: this.limits };
    return resolveReferenceTarget(this.view(input.chat_id) ?? emptyView, input, {
      now: this.clock.now(),
      requestId: options.requestId,
      logger: options.logger,
    });
  }

  /** Sizes, for diagnostics and the benchmark. */
  stats(): { chats: number; objects: number; messages: number } {
    let objects = 0;
    let messages = 0;
    for (const chat of this.chats.values()) {
      objects += chat.objects.size;
      messages += chat.messages.size;
    }
    return { chats: this.chats.size, objects, messages };
  }

  private at(where: { readonly at?: number }): number {
    const at = where.at ?? this.clock.now();
    if (!Number.isSafeInteger(at) || at < 0) throw new InvalidArgumentsError(`"at" must be epoch milliseconds, got ${String(at)}`);
    return at;
  }

  private chat(chatId: string, at: number): ChatState {
    checkId(chatId, 'chatId');
    let chat = this.chats.get(chatId);
    if (chat === undefined) {
      chat = { objects: new Map(), messages: new Map(), active: new Map(), activeAt: new Map(), writtenAt: at };
      this.chats.set(chatId, chat);
      this.boundChats(chatId);
    }
    chat.writtenAt = Math.max(chat.writtenAt, at);
    return chat;
  }

  /**
   * Marks an object active in its topic. A tab shows one page and the panel one entity
   * card at a time, so it replaces the active object of the same family.
   */
  private activate(chat: ChatState, topicId: string | null, objectId: string, at: number): void {
    const key = topicKey(topicId);
    const family = kindFamily(chat.objects.get(objectId)?.descriptor.kind);
    const current = (chat.active.get(key) ?? []).filter(
      (id) => id !== objectId && (family === undefined || kindFamily(chat.objects.get(id)?.descriptor.kind) !== family),
    );
    chat.active.set(key, [objectId, ...current].slice(0, this.limits.maxActivePerTopic));
    chat.activeAt.set(key, Math.max(chat.activeAt.get(key) ?? 0, at));
    this.boundTopics(chat);
  }

  private boundTopics(chat: ChatState): void {
    while (chat.active.size > this.limits.maxActiveTopics) {
      const oldest = minBy([...chat.activeAt.entries()], ([key, at]) => [at, key]);
      if (oldest === undefined) return;
      chat.active.delete(oldest[0]);
      chat.activeAt.delete(oldest[0]);
    }
  }

  private boundChats(keep: string): void {
    while (this.chats.size > this.limits.maxChats) {
      const oldest = minBy(
        [...this.chats.entries()].filter(([id]) => id !== keep),
        ([id, state]) => [state.writtenAt, id],
      );
      if (oldest === undefined) return;
      this.chats.delete(oldest[0]);
    }
  }
}

/** Kinds that replace each other as "the active one": pages, entities, else the kind itself. */
function kindFamily(kind: ObjectKind | undefined): string | undefined {
  if (kind === undefined) return undefined;
  if (isEntityObjectKind(kind)) return 'entity';
  return kind === 'article' || kind === 'link' ? 'page' : kind;
}

function makeDescriptor(f: {
  objectId: string;
  kind: ObjectKind;
  chatId: string;
  topicId: string | null;
  sourceMessageId: string | null;
  label: string | undefined;
  createdByUserId: string | undefined;
  createdByBot: boolean;
  createdAt: number;
  lastTouchedAt: number;
}): ObjectDescriptor {
  const label = f.label === undefined ? undefined : shortLabel(f.label);
  return {
    object_id: f.objectId,
    kind: f.kind,
    source_message_id: f.sourceMessageId,
    chat_id: f.chatId,
    topic_id: f.topicId,
    ...(label ? { title_or_label: label } : {}),
    ...(f.createdByUserId === undefined ? {} : { created_by_user_id: f.createdByUserId }),
    created_by_bot: f.createdByBot,
    created_at: f.createdAt,
    last_touched_at: Math.max(f.createdAt, f.lastTouchedAt),
  };
}

function checkId(raw: string, field: string): string {
  if (!referenceIdSchema.safeParse(raw).success) {
    throw new InvalidArgumentsError(`${field} "${raw.slice(0, 40)}" is not a valid id: use 1-128 letters, digits or _ . : -`);
  }
  return raw;
}

function optionalId(raw: string | null | undefined, field: string): string | undefined {
  return raw === undefined || raw === null ? undefined : checkId(raw, field);
}

/** Drops the least recently touched entries (ties: smallest id) until the map fits. */
function evictOldest<T extends StoredBase>(map: Map<string, T>, max: number): void {
  while (map.size > max) {
    const oldest = minBy([...map.entries()], ([id, o]) => [o.descriptor.last_touched_at, id]);
    if (oldest === undefined) return;
    map.delete(oldest[0]);
  }
}

function minBy<T>(items: readonly T[], key: (item: T) => readonly [number, string]): T | undefined {
  let best: T | undefined;
  let bestKey: readonly [number, string] | undefined;
  for (const item of items) {
    const k = key(item);
    if (bestKey === undefined || k[0] < bestKey[0] || (k[0] === bestKey[0] && k[1] < bestKey[1])) {
      best = item;
      bestKey = k;
    }
  }
  return best;
}
