/**
 * The Q&A chat: messages of this window's conversation (bounded), the answer being
 * streamed, and reference resolution before each question (`Conversation.plan`):
 * a question about "this company" is asked about the company; "merge it with the
 * previous one" becomes a proposal the user confirms.
 */
import type { StateCreator } from 'zustand';
import { asEntityId } from '../../core/graph/ids';
import type { EntityType } from '../../core/graph/types';
import type { AnswerBlock, AnswerClaim, AnswerSource, Confidence } from '../../core/query';
import { callTool } from '../../messaging/client';
import { currentPlace, sessionGet, sessionSet } from '../browser-api';
import { panelGraph } from '../panel-ports';
import { mergeOutcome, mergeQuestion } from '../merge-words';
import { ask } from '../qa/ask';
import { Conversation } from '../qa/conversation';
import type { EntityRef, Place } from '../qa/conversation';
import type { PanelState } from '../store';
import { userError } from '../user-error';

/** Messages kept in the chat (older ones scroll away). */
export const MAX_MESSAGES = 100;

export interface ChatMessage {
  readonly id: string;
  readonly role: 'user' | 'assistant';
  readonly text: string;
  /** The answer's paragraphs and lists (plain text, shown as text); `text` says the same. */
  readonly blocks?: readonly AnswerBlock[];
  readonly replyTo?: string;
  readonly streaming?: boolean;
  readonly confidence?: Confidence;
  readonly sources?: readonly AnswerSource[];
  /** Each value of the answer with the pages (and sentences) stating it. */
  readonly claims?: readonly AnswerClaim[];
  readonly followUps?: readonly string[];
  readonly notices?: readonly string[];
  /** "merge it with the previous one": waits for the user's confirmation. */
  readonly proposal?: { readonly a: EntityRef; readonly b: EntityRef; readonly state: 'open' | 'done' | 'dismissed' };
  /** Several plausible referents: the user picks one. */
  readonly choices?: readonly { readonly id: string; readonly label: string }[];
  readonly error?: boolean;
}

export interface QaSlice {
  qa: { messages: readonly ChatMessage[]; busy: boolean; replyTo?: string };
  setReplyTo(messageId: string | undefined): void;
  askQuestion(question: string): Promise<void>;
  confirmProposal(messageId: string, accept: boolean): Promise<void>;
  /** An entity card opened or acted on: remembered as a referent. */
  touchEntity(entity: EntityRef): void;
  /** Brings back this window's conversation (after the panel was closed and reopened). */
  loadHistory(): Promise<void>;
}

export const conversation = new Conversation();

/** Where a window's conversation is kept for the browser session. */
const historyKey = (windowId: string): string => `ariadne.chat.${windowId}`;

async function saveHistory(messages: readonly ChatMessage[]): Promise<void> {
  const where = await currentPlace();
  await sessionSet(historyKey(where.windowId), messages.filter((m) => !m.streaming).slice(-MAX_MESSAGES)).catch(() => undefined);
}

function isMessageList(value: unknown): value is ChatMessage[] {
  return (
    Array.isArray(value) &&
    value.every(
      (m: unknown) =>
        typeof m === 'object' && m !== null && typeof Reflect.get(m, 'id') === 'string' && typeof Reflect.get(m, 'text') === 'string',
    )
  );
}
let counter = 0;
const nextId = (prefix: string): string => `${prefix}${++counter}`;

async function place(): Promise<Place & { url?: string }> {
  const where = await currentPlace();
  return {
    chatId: where.windowId,
    ...(where.tabId === undefined ? {} : { topicId: where.tabId }),
    ...(where.url === undefined ? {} : { url: where.url }),
  };
}

/** The page on screen, if Ariadne captured it, as the conversation's current article. */
async function notePageOnScreen(where: Place & { url?: string }): Promise<void> {
  if (where.url === undefined) return;
  const page = await panelGraph().getPage(where.url);
  if (!page) return;
  const entities = (await panelGraph().getEntities(page.entityIds.slice(0, 50))).sort(
    (a, b) => b.mentionCount - a.mentionCount || (a.id < b.id ? -1 : 1),
  );
  conversation.notePage(where, {
    url: page.url,
    title: page.title,
    entities: entities.map((e) => ({ id: e.id, name: e.name, type: e.type })),
  });
}

async function entityRef(id: string, fallback: string): Promise<EntityRef> {
  const found = await panelEntity(id);
  return found ?? { id, name: fallback, type: 'other' as EntityType };
}

async function panelEntity(raw: string): Promise<EntityRef | undefined> {
  const id = asEntityId(raw);
  if (id === undefined) return undefined;
  const e = await panelGraph().getEntity(id);
  return e ? { id: e.id, name: e.name, type: e.type } : undefined;
}

export const createQaSlice: StateCreator<PanelState, [], [], QaSlice> = (set, get) => {
  const push = (m: ChatMessage) => set((s) => ({ qa: { ...s.qa, messages: [...s.qa.messages, m].slice(-MAX_MESSAGES) } }));
  const patch = (id: string, p: Partial<ChatMessage>) =>
    set((s) => ({ qa: { ...s.qa, messages: s.qa.messages.map((m) => (m.id === id ? { ...m, ...p } : m)) } }));

  return {
    qa: { messages: [], busy: false },
    setReplyTo: (replyTo) => set((s) => ({ qa: { ...s.qa, ...(replyTo === undefined ? { replyTo: undefined } : { replyTo }) } })),
    async loadHistory() {
      if (get().qa.messages.length > 0) return;
      const where = await currentPlace();
      const stored = await sessionGet(historyKey(where.windowId)).catch(() => undefined);
      if (!isMessageList(stored) || get().qa.messages.length > 0) return;
      // Ids continue after the restored ones, so a reply never points at the wrong message.
      counter = Math.max(counter, ...stored.map((m) => Number(m.id.slice(1)) || 0));
      set((s) => ({ qa: { ...s.qa, messages: stored.slice(-MAX_MESSAGES) } }));
    },
    touchEntity(entity) {
      void place().then((where) => conversation.noteEntity(where, entity));
    },
    async askQuestion(question) {
      const text = question.trim();
      if (text.length === 0 || get().qa.busy) return;
      const replyTo = get().qa.replyTo;
      const userId = nextId('u');
      push({ id: userId, role: 'user', text, ...(replyTo === undefined ? {} : { replyTo }) });
      set((s) => ({ qa: { ...s.qa, busy: true, replyTo: undefined } }));
      const answerId = nextId('a');
      try {
        const where = await place();
        await notePageOnScreen(where);
        conversation.userMessage(where, userId, text, replyTo);
        const plan = conversation.plan(where, text, userId, replyTo);
        if (plan.kind === 'merge_proposal') {
          const a = await entityRef(plan.a.entityId, plan.a.label ?? plan.a.entityId);
          const b = await entityRef(plan.b.entityId, plan.b.label ?? plan.b.entityId);
          push({
            id: answerId,
            role: 'assistant',
            text: mergeQuestion(a, b),
            proposal: { a, b, state: 'open' },
          });
          return;
        }
        if (plan.kind === 'choose') {
          const choices = plan.resolution.candidates.map((c) => ({ id: c.object_id, label: c.title_or_label ?? c.object_id }));
          push({ id: answerId, role: 'assistant', text: 'Which one do you mean? Open one, then ask again.', choices });
          return;
        }
        if (plan.kind === 'not_found') {
          push({
            id: answerId,
            role: 'assistant',
            text: 'I could not tell what that refers to here. Name it, or open its entity card first, and ask again.',
            confidence: 'low',
          });
          return;
        }
        push({ id: answerId, role: 'assistant', text: '', streaming: true, replyTo: userId });
        let streamed = '';
        const result = await ask(plan.question, {
          ...(where.url === undefined ? {} : { pageUrl: where.url }),
          onToken: (chunk) => {
            streamed += chunk;
            patch(answerId, { text: streamed });
          },
        });
        patch(answerId, {
          text: result.answer,
          ...(result.blocks ? { blocks: result.blocks } : {}),
          streaming: false,
          confidence: result.confidence,
          sources: result.sources,
          ...(result.claims ? { claims: result.claims } : {}),
          followUps: result.follow_ups,
          ...(result.notices ? { notices: result.notices } : {}),
        });
        conversation.answer(
          where,
          answerId,
          result.answer,
          userId,
          result.sources.map((s) => ({ id: s.entityId, name: s.name, type: s.type as EntityType })),
        );
      } catch (error) {
        if (get().qa.messages.some((m) => m.id === answerId)) patch(answerId, { text: userError(error), streaming: false, error: true });
        else push({ id: answerId, role: 'assistant', text: userError(error), error: true });
      } finally {
        set((s) => ({ qa: { ...s.qa, busy: false } }));
        void saveHistory(get().qa.messages);
      }
    },
    async confirmProposal(messageId, accept) {
      const message = get().qa.messages.find((m) => m.id === messageId);
      const proposal = message?.proposal;
      if (!proposal || proposal.state !== 'open') return;
      if (!accept) {
        patch(messageId, { proposal: { ...proposal, state: 'dismissed' }, notices: ['Not merged: nothing changed.'] });
        void saveHistory(get().qa.messages);
        return;
      }
      try {
        const out = await callTool('entity_merge', { name_a: proposal.a.id, name_b: proposal.b.id });
        const done = mergeOutcome({ ...proposal.a, name: out.merged_into }, { ...proposal.b, name: out.removed });
        patch(messageId, {
          proposal: { ...proposal, state: 'done' },
          text: `${done} Undo it from Merge & review.`,
        });
        set((s) => ({ merge: { ...s.merge, lastMergeId: out.merge_id, done } }));
      } catch (error) {
        patch(messageId, { text: userError(error), error: true });
      }
      void saveHistory(get().qa.messages);
    },
  };
};
