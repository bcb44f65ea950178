/**
 * The knowledge graph's records. Persisted as they are by every GraphStore; the
 * Dexie schema indexes the fields marked "indexed".
 */
import type { EntityId, EvidenceId, MergeId, RelationshipId, ReviewId } from './ids';

/** The six entity types of the seed (003), in a stable order. */
export const ENTITY_TYPES = ['company', 'person', 'technology', 'product', 'location', 'other'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export function isEntityType(value: string): value is EntityType {
  return (ENTITY_TYPES as readonly string[]).includes(value);
}

/** Names and aliases longer than this are refused (and say so). */
export const MAX_NAME_LENGTH = 200;
/** Relationship labels longer than this are refused. */
export const MAX_LABEL_LENGTH = 80;
/** An attribute value longer than this is refused. */
export const MAX_ATTRIBUTE_VALUE_LENGTH = 2000;
/** At most this many aliases are kept per entity (most recent win). */
export const MAX_ALIASES = 64;

export interface Entity {
  readonly id: EntityId;
  /** Display name, as first seen or as the user set it. */
  readonly name: string;
  /**
   * indexed (with the id, `[type+id]`). Decided by the evidence of every page and relationship (`type-evidence.ts`),
   * unless the user set it (`typeSetByUser`).
   */
  readonly type: EntityType;
  /** Other names this entity is known by (never includes `name`). */
  readonly aliases: readonly string[];
  readonly attributes: Readonly<Record<string, string>>;
  readonly description?: string;
  /** An authority id (e.g. a Wikidata QID) once the resolver or the user linked one. */
  readonly authorityId?: string;
  readonly createdAt: number;
  /** indexed */
  readonly updatedAt: number;
  /** How many times a capture or the user mentioned it (not indexed since schema 6: no query orders by it). */
  readonly mentionCount: number;
  /**
   * Set when the user changed the type (`entity_update`): later captures naming this
   * entity (its name or an alias) take this type instead of the recognizer's guess
   * (`src/core/ingest/user-types.ts`). Kept by merges, export and import; goes with
   * the entity when it is deleted.
   */
  readonly typeSetByUser?: true;
  /**
   * Derived lookup keys (normalized name, alias keys, token keys, similarity
   * signatures), multi-entry indexed. Computed by `indexKeys`, never by hand.
   */
  readonly keys: readonly string[];
}

export interface Relationship {
  readonly id: RelationshipId;
  /** indexed */
  readonly from: EntityId;
  /** indexed */
  readonly to: EntityId;
  /** Free-form label, e.g. `uses`, `founded_by` (normalized with `normalizeLabel`). */
  readonly label: string;
  /** `${from}|${label}|${to}`: unique (indexed), so a repeated relation is not duplicated. */
  readonly key: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export type EvidenceKind = 'mention' | 'relationship' | 'alias' | 'attribute' | 'clip';

/** Where a fact came from. Facts without evidence are facts the user typed. */
export interface Evidence {
  readonly id: EvidenceId;
  readonly kind: EvidenceKind;
  /** indexed (with `capturedAt`, oldest first); set for entity-level evidence (mention, alias, attribute, clip). */
  readonly entityId?: EntityId;
  /** indexed (with `capturedAt`); set for relationship evidence. */
  readonly relationshipId?: RelationshipId;
  /** indexed (with `capturedAt`) */
  readonly pageUrl: string;
  readonly pageTitle: string;
  /** The sentence or passage the fact was read from (bounded, plain text). */
  readonly snippet: string;
  /** What the evidence is for, e.g. the alias or attribute key. */
  readonly detail?: string;
  readonly capturedAt: number;
  /** Set when an LLM read the fact (absent: the offline extractor, or the user). */
  readonly extractor?: EvidenceExtractor;
  /** The model that read it, with `extractor: 'llm'`. */
  readonly model?: string;
  /** The teammate (team database member) whose change brought it here; absent for this user's own captures. */
  readonly contributor?: string;
}

/** Who read a fact from its page, when it was not the offline extractor. */
export type EvidenceExtractor = 'llm';

/** A captured page. Keyed by its canonical URL. */
export interface Page {
  readonly url: string;
  readonly title: string;
  /** indexed: host name, for per-site views. */
  readonly site: string;
  readonly lang?: string;
  /** The author line of the page's metadata or article, as captured (plain text, bounded). Not indexed. */
  readonly byline?: string;
  /** The publication date the page's metadata gave, as written there (not parsed). Not indexed. */
  readonly publishedAt?: string;
  /** indexed */
  readonly capturedAt: number;
  /** Set when the page is a PDF: its page count (the PDF's own count, pages read or not). Not indexed. */
  readonly pdfPages?: number;
  /** indexed (multi-entry): the entities this page contributed. */
  readonly entityIds: readonly EntityId[];
  readonly relationshipIds: readonly RelationshipId[];
  /** Notes from capture ("text cut at 200,000 characters", …). */
  readonly notes?: readonly string[];
  /**
   * The page's main-text sentences in text order, bounded by `page-sentences.ts` (those
   * naming its entities kept first when the bounds cut): read to answer questions the graph
   * has no relation for, and re-read by a newer analyzer (`page_reread`). Absent when
   * sentence keeping is off or the store-wide bound dropped them. Not indexed.
   */
  readonly sentences?: readonly string[];
  /**
   * The version of the offline analyzer (recognizer + relation extractor) that last read
   * the page; absent for pages read before versions were recorded. Pages read by an older
   * version can be re-read (`page_reread`). Not indexed.
   */
  readonly analyzerVersion?: number;
  /**
   * Name keys (`nameKey`) of the entities the user deleted while this page listed them, so
   * re-reading the page does not bring them back. Newest last, bounded. Not indexed.
   */
  readonly removedNames?: readonly string[];
  /**
   * Name keys of the entities the page's structured data (JSON-LD, microdata, Open Graph)
   * gave at capture: a re-reading, which has only the kept sentences, reads them as such
   * again instead of judging them from the text. Absent on pages captured before it was
   * recorded (a re-reading then removes nothing). Bounded. Not indexed.
   */
  readonly structuredNames?: readonly string[];
}

/** Everything needed to undo a merge exactly. */
export interface MergeRecord {
  readonly id: MergeId;
  readonly at: number;
  readonly intoId: EntityId;
  readonly removedId: EntityId;
  /** The surviving entity as it was before the merge. */
  readonly intoBefore: Entity;
  /** The removed entity as it was. */
  readonly removed: Entity;
  /** Relationships of the removed entity as they were (moved, or dropped as duplicates). */
  readonly relationshipsBefore: readonly Relationship[];
  /** Relationships created on the surviving entity by the merge. */
  readonly relationshipsCreated: readonly RelationshipId[];
  /** Evidence re-pointed from the removed entity to the surviving one. */
  readonly evidenceMoved: readonly EvidenceId[];
  /** Pages whose entity lists were rewritten. */
  readonly pagesTouched: readonly string[];
  /** Evidence rows as they were before the merge (moved or dropped), for an exact undo. */
  readonly evidenceBefore?: readonly Evidence[];
  /** Pages as they were before their lists were rewritten, for an exact undo. */
  readonly pagesBefore?: readonly Page[];
  readonly undoneAt?: number;
}

export type ReviewStatus = 'pending' | 'accepted' | 'rejected';

export interface ReviewCandidate {
  readonly id: EntityId;
  readonly label: string;
  readonly type: EntityType;
  readonly confidence: number;
}

/** A doubtful resolution the user is asked to decide. */
export interface ReviewItem {
  readonly id: ReviewId;
  readonly createdAt: number;
  /** indexed */
  readonly status: ReviewStatus;
  readonly mention: {
    readonly name: string;
    readonly type: EntityType;
    readonly pageUrl: string;
    readonly pageTitle: string;
    readonly snippet: string;
  };
  /** The entity created provisionally for the mention, if any. */
  readonly provisionalId?: EntityId;
  readonly candidates: readonly ReviewCandidate[];
  readonly reason: string;
  readonly decidedAt?: number;
  readonly decision?: { readonly kind: 'merged_into' | 'kept_separate'; readonly entityId?: EntityId };
}
