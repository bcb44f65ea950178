/**
 * The minimal ingest path for a capture's structured data (JSON-LD, microdata,
 * OpenGraph): each entity is found by normalized name and type or created, gets a
 * mention of evidence, and each relation between them is recorded once. It is the
 * fallback the background uses while the full ingestion (`src/core/ingest`, with
 * the resolver and text mentions) is not wired in.
 *
 * @example
 *   await ingestStructured(graph, capture); // Stripe (company) founded_by Patrick Collison (person)
 */
import type { PageCapture } from '../core/capture';
import type { EntityId, RelationshipId } from '../core/graph/ids';
import type { GraphService } from '../core/graph/service';
import { cleanText } from '../core/text/normalize';

/** Evidence snippets are the entity's description or the page title, cut to this length. */
const SNIPPET_CHARS = 300;

export interface IngestOutcome {
  readonly entityIds: readonly EntityId[];
  readonly relationshipIds: readonly RelationshipId[];
}

export async function ingestStructured(graph: GraphService, capture: PageCapture): Promise<IngestOutcome> {
  const pageUrl = capture.canonicalUrl ?? capture.url;
  const source = { pageUrl, pageTitle: capture.title, capturedAt: capture.capturedAt };
  const byRef = new Map<string, EntityId>();
  const entityIds: EntityId[] = [];

  for (const item of capture.entities) {
    // Same normalized name and same type is the same entity; a homonym of another type is not.
    const existing = (await graph.findByName(item.name)).find((e) => e.type === item.type);
    let id: EntityId;
    if (existing) {
      id = existing.id;
      await graph.mergeAttributes(id, item.attributes, { mentions: 1 });
      if (item.aliases.length > 0) await graph.addAliases(id, item.aliases);
    } else {
      const created = await graph.createEntity({
        name: item.name,
        type: item.type,
        aliases: item.aliases,
        attributes: item.attributes,
        ...(item.description === undefined ? {} : { description: item.description }),
      });
      id = created.id;
    }
    byRef.set(item.ref, id);
    if (!entityIds.includes(id)) entityIds.push(id);
    const snippet = cleanText(item.description ?? capture.title).slice(0, SNIPPET_CHARS);
    await graph.recordEvidence({ ...source, kind: 'mention', entityId: id, snippet, detail: item.origin });
  }

  const relationshipIds: RelationshipId[] = [];
  for (const rel of capture.relations) {
    const from = byRef.get(rel.from);
    const to = byRef.get(rel.to);
    if (from === undefined || to === undefined || from === to) continue;
    const snippet = `${rel.label} (structured data)`;
    const { relationship } = await graph.relate(from, rel.label, to, { ...source, snippet });
    relationshipIds.push(relationship.id);
  }

  await graph.recordPage({
    url: pageUrl,
    title: capture.title,
    ...(capture.lang === undefined ? {} : { lang: capture.lang }),
    capturedAt: capture.capturedAt,
    entityIds,
    relationshipIds,
    notes: capture.notes,
  });
  return { entityIds, relationshipIds };
}
