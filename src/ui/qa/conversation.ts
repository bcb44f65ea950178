/**
 * The conversation's memory for reference resolution: one
 * `ReferenceRegistry` per panel, where the chat is this browser window and the
 * topic is the active tab. It is fed by the page on screen (as an article with its
 * entities), the user's messages, the answers (with their source entities), and
 * entity cards the user opens; `plan` turns "who founded this company?" into a
 * question about that company, or "merge it with the previous one" into a merge
 * proposal for confirmation.
 *
 * @example
 *   const c = new Conversation();
 *   c.notePage({ chatId: 'w1', topicId: 't3' }, { url, title: 'Stripe', entities: [{ id: 'e_1', name: 'Stripe', type: 'company' }] });
 *   c.plan({ chatId: 'w1', topicId: 't3' }, 'who founded this company?', 'm2') // { kind: 'entity', question: 'who founded Stripe?', … }
 */
import type { Clock } from '../../core/graph/ids';
import { asEntityId, systemClock } from '../../core/graph/ids';
import type { EntityType } from '../../core/graph/types';
import { isGraphWideQuestion } from '../../core/query/question';
import { planReferenceFollowUp, ReferenceRegistry } from '../../core/reference';
import type { FollowUpPlan } from '../../core/reference';

/** The panel has one user. */
export const PANEL_USER = 'me';
/** Entities of a page offered as referents, most seen first (the registry keeps 5). */
const PAGE_ENTITIES = 5;
/** Answer labels are the first characters of the answer. */
const LABEL_CHARS = 60;

export interface Place {
  readonly chatId: string;
  readonly topicId?: string;
}

export interface EntityRef {
  readonly id: string;
  readonly name: string;
  readonly type: EntityType;
}

export class Conversation {
  private readonly registry: ReferenceRegistry;

  constructor(clock: Clock = systemClock) {
    this.registry = new ReferenceRegistry({ clock });
  }

  /** The page on screen, with its entities in order of importance (first = its subject). */
  notePage(place: Place, page: { readonly url: string; readonly title: string; readonly entities: readonly EntityRef[] }): void {
    const entities = page.entities.slice(0, PAGE_ENTITIES).flatMap((e, i) => {
      const entityId = asEntityId(e.id);
      // Salience from the order: the first entity is the page's subject.
      return entityId === undefined ? [] : [{ entityId, type: e.type, name: e.name, salience: 1 - i / (PAGE_ENTITIES + 1) }];
    });
    this.registry.recordCapture({
      chatId: place.chatId,
      topicId: place.topicId ?? null,
      url: page.url,
      title: page.title,
      kind: 'article',
      entities,
      active: true,
    });
  }

  /** An entity card the user opened or acted on. */
  noteEntity(place: Place, entity: EntityRef): void {
    const entityId = asEntityId(entity.id);
    if (entityId === undefined) return;
    this.registry.recordEntityTouch({
      chatId: place.chatId,
      topicId: place.topicId ?? null,
      entityId,
      type: entity.type,
      name: entity.name,
      userId: PANEL_USER,
    });
  }

  userMessage(place: Place, messageId: string, text: string, replyTo?: string): void {
    this.registry.recordMessage({
      chatId: place.chatId,
      topicId: place.topicId ?? null,
      messageId,
      author: { kind: 'user', userId: PANEL_USER },
      label: text.slice(0, LABEL_CHARS),
      ...(replyTo === undefined ? {} : { replyToMessageId: replyTo }),
    });
  }

  /** An answer, and its sources as entities the user may refer to next ("merge it with …"). */
  answer(place: Place, messageId: string, text: string, replyTo: string | undefined, sources: readonly EntityRef[]): void {
    this.registry.recordAnswer({
      chatId: place.chatId,
      topicId: place.topicId ?? null,
      messageId,
      label: text.slice(0, LABEL_CHARS),
      forUserId: PANEL_USER,
      ...(replyTo === undefined ? {} : { replyToMessageId: replyTo }),
    });
    // The first source is the answer's subject: touched last, so it is the most recent.
    for (const source of [...sources].reverse()) this.noteEntity(place, source);
  }

  plan(place: Place, question: string, messageId: string, replyTo?: string): FollowUpPlan {
    // "list the companies" is about the graph, not about a company said before.
    if (isGraphWideQuestion(question)) return { kind: 'unchanged', question };
    return planReferenceFollowUp(
      {
        question,
        chatId: place.chatId,
        ...(place.topicId === undefined ? {} : { topicId: place.topicId }),
        currentMessageId: messageId,
        ...(replyTo === undefined ? {} : { replyToMessageId: replyTo }),
        senderUserId: PANEL_USER,
        ...(typeof navigator === 'undefined' ? {} : { lang: navigator.language }),
      },
      (request) => this.registry.resolve(request),
    );
  }
}
