/**
 * "Add selection to Ariadne": the user's selected text becomes an
 * entity, with the page as its evidence (kind `clip`). The selection is resolved
 * against the graph first: a name the graph knows gets the evidence (the user's act
 * never creates a duplicate); an unknown one is created, typed by the recognizer
 * when it reads the whole selection as one name, else `other`. The look-up and the
 * writes run holding the graph's single writer (`GraphService.exclusive`), like every
 * graph write.
 *
 * @example
 *   const clip = createClipper({ graph, store, clock, resolver, recognizer: () => recognizer });
 *   await clip({ text: 'Tern DB', url: 'https://example.com/', title: 'Example' });
 *   // → { entityId: 'e_…', name: 'Tern DB', type: 'other', created: true, pageEntities: 1 }
 */
import { clipSchema } from '../core/capture';
import { InvalidArgumentsError } from '../core/errors';
import type { Clock, EntityId } from '../core/graph/ids';
import { asEntityId } from '../core/graph/ids';
import type { GraphService } from '../core/graph/service';
import type { GraphStore } from '../core/graph/store';
import type { EntityType } from '../core/graph/types';
import { MAX_NAME_LENGTH } from '../core/graph/types';
import type { Resolver } from '../core/resolve/resolver';
import { cleanText, fold } from '../core/text/normalize';
import type { EntityRecognizer } from '../extract/mentions/recognizer';

/** The evidence snippet is the selection, cut to the clip schema's snippet bound. */
const MAX_CLIP_SNIPPET = 400;
/** Auto-accept for a clip: the user named the thing, so only a sure match joins an existing entity. */
const CLIP_AUTO_ACCEPT = 0.9;

export interface ClipRequest {
  /** The selected text, as the browser reports it (untrusted page text). */
  readonly text: string;
  readonly url: string;
  readonly title: string;
}

export interface ClipResult {
  readonly entityId: EntityId;
  readonly name: string;
  readonly type: EntityType;
  /** False when the selection named an entity the graph already had. */
  readonly created: boolean;
  /** Entities the page has contributed, this one included (for the badge). */
  readonly pageEntities: number;
}

export interface ClipDeps {
  readonly graph: GraphService;
  readonly store: GraphStore;
  readonly clock: Clock;
  readonly resolver: Resolver;
  /** Loaded lazily: the model is decoded on first use. */
  readonly recognizer: () => EntityRecognizer;
}

export function createClipper(deps: ClipDeps): (request: ClipRequest) => Promise<ClipResult> {
  return async (request) => {
    const name = cleanText(request.text);
    if (name.length === 0)
      throw new InvalidArgumentsError('The selection is empty: select a name on the page, then choose "Add selection to Ariadne".');
    if (name.length > MAX_NAME_LENGTH) {
      throw new InvalidArgumentsError(
        `The selection is ${name.length} characters long; select a name of at most ${MAX_NAME_LENGTH} characters.`,
      );
    }
    const parsed = clipSchema.safeParse({
      text: name,
      url: request.url,
      title: cleanText(request.title).slice(0, 1000),
      snippet: name.slice(0, MAX_CLIP_SNIPPET),
    });
    if (!parsed.success) throw new InvalidArgumentsError(`This page cannot be clipped: ${parsed.error.issues[0]?.message ?? 'bad input'}.`);
    const clip = parsed.data;

    return deps.graph.exclusive(async (graph) => {
      const res = await deps.resolver.resolve(
        {
          subject: clip.text,
          strategy: { mode: 'ranked', auto_accept_threshold: CLIP_AUTO_ACCEPT },
          constraints: { deterministic: true, allowed_sources: ['local'] },
        },
        { pageUrl: clip.url },
      );
      const knownId = res.status === 'resolved' && res.entity?.source === 'local' ? asEntityId(res.entity.id) : undefined;
      const known = knownId === undefined ? undefined : await deps.store.getEntity(knownId);
      const entity = known ?? (await graph.createEntity({ name: clip.text, type: typeOf(clip.text, deps.recognizer()), mentionCount: 1 }));
      const capturedAt = deps.clock.now();
      await graph.recordEvidence({
        kind: 'clip',
        entityId: entity.id,
        pageUrl: clip.url,
        pageTitle: clip.title,
        snippet: clip.snippet ?? clip.text,
        capturedAt,
      });
      // The page lists the entity it contributed; an earlier capture time is kept (the capture queue keys on it).
      const page = await deps.store.getPage(clip.url);
      const recorded = await graph.recordPage({
        url: clip.url,
        title: page?.title ?? clip.title,
        capturedAt: page?.capturedAt ?? capturedAt,
        entityIds: [entity.id],
      });
      return {
        entityId: entity.id,
        name: entity.name,
        type: entity.type,
        created: known === undefined,
        pageEntities: recorded.entityIds.length,
      };
    });
  };
}

/** The recognizer's type when it reads the whole selection as one name; `other` otherwise. */
export function typeOf(name: string, recognizer: EntityRecognizer): EntityType {
  const mentions = recognizer.recognize(name);
  const only = mentions.length === 1 ? mentions[0] : undefined;
  return only !== undefined && fold(only.text) === fold(name) ? only.type : 'other';
}
