-- What members push is checked by the database, and team reads show one entity per real thing.
--
-- 1. The change shape in the database. push_batch stored each change's whole JSON: a member
--    calling it by hand could push valid changes carrying a 20 MB extra field, and every
--    teammate's next pull read it. ariadne.change_problem(c) checks a change as the
--    extension's schema does (src/core/team/changes.ts): its kind, only the keys of that kind,
--    ids, bounded strings and lists, http(s) evidence URLs, and at most 512 KiB of JSON in all.
--    push_batch checks every change before it writes anything and refuses the whole batch
--    when one has a problem (SQLSTATE 22023, the message names it). The change log and the evidence
--    table get CHECKs of their own (NOT VALID: rows from before stay; the pull query bounds
--    what it reads of them, see postgres-team-remote.ts).
--
-- 2. Team-wide duplicates, grouped on read. Each member's device resolves captures into its
--    own entity ids, so two members who captured the same page push two "Facebook" rows.
--    The rows stay as pushed (each member's later changes name their own ids); the reads
--    (search_entities, find_related, and the name lookup of postgres-team-reads.ts) take the
--    live entities with the same normalized name key (the local resolver's exact key: case,
--    accents, punctuation, legal suffixes and a leading "the" ignored) and the same type as
--    one entity, named by the oldest of them. Only across members: a key two of whose
--    entities were last written by the same member stays apart (homonyms that member's
--    resolver or review kept separate).

-- ── 1. The change shape ────────────────────────────────────────────────────

-- The largest change read back, in bytes of JSON. The extension's own bounds (100 attributes
-- of 2,000 characters, 64 aliases, …) stay under half of it; a page of pulled changes must fit
-- the native host's 1 MiB reply to the browser, and one change alone always does.
CREATE FUNCTION ariadne.max_change_bytes() RETURNS integer LANGUAGE sql IMMUTABLE AS 'SELECT 524288';

-- The keys of `o` not in `allowed`, comma-separated; NULL when there are none.
CREATE FUNCTION ariadne.extra_keys(o jsonb, allowed text[]) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(left(k, 40), ', ' ORDER BY k) FROM jsonb_object_keys(o) k WHERE NOT (k = ANY (allowed))
$$;

-- What is wrong with the string `v` at `path`: missing (unless optional), not a string, or outside min..max characters.
CREATE FUNCTION ariadne.string_problem(v jsonb, path text, min_len integer, max_len integer, optional boolean DEFAULT false)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN v IS NULL OR jsonb_typeof(v) = 'null' THEN CASE WHEN optional THEN NULL ELSE path || ' is missing' END
    WHEN jsonb_typeof(v) <> 'string' THEN path || ' must be a string'
    WHEN length(v #>> '{}') NOT BETWEEN min_len AND max_len
      THEN format('%s has %s characters (%s to %s allowed)', path, length(v #>> '{}'), min_len, max_len)
  END
$$;

CREATE FUNCTION ariadne.id_problem(v jsonb, path text, prefix text, optional boolean DEFAULT false) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN v IS NULL OR jsonb_typeof(v) = 'null' THEN CASE WHEN optional THEN NULL ELSE path || ' is missing' END
    WHEN jsonb_typeof(v) <> 'string' OR NOT ((v #>> '{}') ~ ('^' || prefix || '_[0-9a-z_-]{1,64}$'))
      THEN format('%s must be an id %s_…', path, prefix)
  END
$$;

CREATE FUNCTION ariadne.time_problem(v jsonb, path text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN v IS NULL OR jsonb_typeof(v) <> 'number' OR (v #>> '{}') !~ '^[0-9]{1,16}$'
      THEN path || ' must be a non-negative integer'
  END
$$;

-- An evidence page: an http(s) URL, as the extension stores (src/core/export/web-url.ts).
CREATE FUNCTION ariadne.is_web_url(url text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT url ~* '^https?://[^\s/?#]+' AND length(url) <= 4096 $$;

-- NULL when `c` is a change as the extension's schema accepts it; else the first problem found.
CREATE FUNCTION ariadne.change_problem(c jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = ariadne, pg_temp AS $$
DECLARE
  kind text;
  e jsonb;
  problem text;
  x jsonb;
  keys text[];
BEGIN
  IF c IS NULL OR jsonb_typeof(c) <> 'object' THEN RETURN 'a change must be an object'; END IF;
  IF octet_length(c::text) > ariadne.max_change_bytes() THEN
    RETURN format('the change has %s bytes of JSON (at most %s)', octet_length(c::text), ariadne.max_change_bytes());
  END IF;
  kind := c->>'kind';
  keys := CASE kind
    WHEN 'entity.upsert' THEN ARRAY['entity']
    WHEN 'entity.delete' THEN ARRAY['entityId']
    WHEN 'relationship.upsert' THEN ARRAY['relationship']
    WHEN 'relationship.delete' THEN ARRAY['relationshipId']
    WHEN 'evidence.add' THEN ARRAY['evidence']
    WHEN 'evidence.delete' THEN ARRAY['evidenceId']
    WHEN 'merge.apply' THEN ARRAY['mergeId', 'intoId', 'removedId']
    WHEN 'merge.undo' THEN ARRAY['mergeId']
  END;
  IF keys IS NULL THEN RETURN format('unknown change kind "%s"', left(coalesce(kind, ''), 40)); END IF;
  problem := coalesce(
    'unknown keys: ' || ariadne.extra_keys(c, ARRAY['kind', 'changeId', 'at'] || keys),
    CASE WHEN (c->>'changeId') IS NULL OR (c->>'changeId') !~ '^c_[0-9a-z]{8,40}$' THEN 'changeId must be a change id (c_…)' END,
    ariadne.time_problem(c->'at', 'at'));
  IF problem IS NOT NULL THEN RETURN problem; END IF;

  CASE kind
  WHEN 'entity.upsert' THEN
    e := c->'entity';
    IF jsonb_typeof(e) IS DISTINCT FROM 'object' THEN RETURN 'entity must be an object'; END IF;
    problem := coalesce(
      'unknown keys in entity: ' || ariadne.extra_keys(e, ARRAY['id', 'name', 'nameKey', 'type', 'aliases', 'attributes',
                                                             'description', 'authorityId', 'mentionCount', 'createdAt', 'updatedAt']),
      ariadne.id_problem(e->'id', 'entity.id', 'e'),
      ariadne.string_problem(e->'name', 'entity.name', 1, 200),
      ariadne.string_problem(e->'nameKey', 'entity.nameKey', 0, 400),
      CASE WHEN (e->>'type') IS NULL OR (e->>'type') NOT IN ('company', 'person', 'technology', 'product', 'location', 'other')
           THEN 'entity.type must be company, person, technology, product, location or other' END,
      ariadne.string_problem(e->'description', 'entity.description', 0, 2000, true),
      ariadne.string_problem(e->'authorityId', 'entity.authorityId', 0, 100, true),
      ariadne.time_problem(e->'mentionCount', 'entity.mentionCount'),
      ariadne.time_problem(e->'createdAt', 'entity.createdAt'),
      ariadne.time_problem(e->'updatedAt', 'entity.updatedAt'),
      CASE WHEN jsonb_typeof(e->'aliases') IS DISTINCT FROM 'array' OR jsonb_array_length(e->'aliases') > 64
           THEN 'entity.aliases must be a list of at most 64' END,
      CASE WHEN jsonb_typeof(e->'attributes') IS DISTINCT FROM 'object'
             OR (SELECT count(*) FROM jsonb_object_keys(e->'attributes')) > 100
           THEN 'entity.attributes must be an object of at most 100 entries' END);
    IF problem IS NOT NULL THEN RETURN problem; END IF;
    FOR x IN SELECT value FROM jsonb_array_elements(e->'aliases') LOOP
      problem := CASE WHEN jsonb_typeof(x) <> 'object' THEN 'an alias must be {alias, key}' ELSE coalesce(
        'unknown keys in an alias: ' || ariadne.extra_keys(x, ARRAY['alias', 'key']),
        ariadne.string_problem(x->'alias', 'entity.aliases[].alias', 1, 200),
        ariadne.string_problem(x->'key', 'entity.aliases[].key', 1, 400)) END;
      IF problem IS NOT NULL THEN RETURN problem; END IF;
    END LOOP;
    SELECT coalesce(ariadne.string_problem(to_jsonb(a.key), 'an attribute key', 1, 80),
                    ariadne.string_problem(a.value, format('entity.attributes.%s', left(a.key, 40)), 0, 2000))
      INTO problem
      FROM jsonb_each(e->'attributes') a
     WHERE ariadne.string_problem(to_jsonb(a.key), 'an attribute key', 1, 80) IS NOT NULL
        OR ariadne.string_problem(a.value, 'a', 0, 2000) IS NOT NULL
     LIMIT 1;
    RETURN problem;
  WHEN 'relationship.upsert' THEN
    e := c->'relationship';
    IF jsonb_typeof(e) IS DISTINCT FROM 'object' THEN RETURN 'relationship must be an object'; END IF;
    RETURN coalesce(
      'unknown keys in relationship: ' || ariadne.extra_keys(e, ARRAY['id', 'from', 'to', 'label', 'createdAt', 'updatedAt']),
      ariadne.id_problem(e->'id', 'relationship.id', 'r'),
      ariadne.id_problem(e->'from', 'relationship.from', 'e'),
      ariadne.id_problem(e->'to', 'relationship.to', 'e'),
      ariadne.string_problem(e->'label', 'relationship.label', 1, 80),
      ariadne.time_problem(e->'createdAt', 'relationship.createdAt'),
      ariadne.time_problem(e->'updatedAt', 'relationship.updatedAt'));
  WHEN 'evidence.add' THEN
    e := c->'evidence';
    IF jsonb_typeof(e) IS DISTINCT FROM 'object' THEN RETURN 'evidence must be an object'; END IF;
    RETURN coalesce(
      'unknown keys in evidence: ' || ariadne.extra_keys(e, ARRAY['id', 'kind', 'entityId', 'relationshipId', 'pageUrl', 'pageTitle',
                                                               'snippet', 'detail', 'capturedAt']),
      ariadne.id_problem(e->'id', 'evidence.id', 'v'),
      CASE WHEN (e->>'kind') IS NULL OR (e->>'kind') NOT IN ('mention', 'relationship', 'alias', 'attribute', 'clip')
           THEN 'evidence.kind must be mention, relationship, alias, attribute or clip' END,
      ariadne.id_problem(e->'entityId', 'evidence.entityId', 'e', true),
      ariadne.id_problem(e->'relationshipId', 'evidence.relationshipId', 'r', true),
      CASE WHEN ((e->'entityId') IS NULL) = ((e->'relationshipId') IS NULL)
           THEN 'evidence belongs to one entity or one relationship' END,
      ariadne.string_problem(e->'pageUrl', 'evidence.pageUrl', 1, 4096),
      CASE WHEN NOT ariadne.is_web_url(e->>'pageUrl') THEN 'evidence.pageUrl must be an http(s) URL' END,
      ariadne.string_problem(e->'pageTitle', 'evidence.pageTitle', 0, 2000),
      ariadne.string_problem(e->'snippet', 'evidence.snippet', 0, 2000),
      ariadne.string_problem(e->'detail', 'evidence.detail', 0, 2000, true),
      ariadne.time_problem(e->'capturedAt', 'evidence.capturedAt'));
  WHEN 'entity.delete' THEN RETURN ariadne.id_problem(c->'entityId', 'entityId', 'e');
  WHEN 'relationship.delete' THEN RETURN ariadne.id_problem(c->'relationshipId', 'relationshipId', 'r');
  WHEN 'evidence.delete' THEN RETURN ariadne.id_problem(c->'evidenceId', 'evidenceId', 'v');
  WHEN 'merge.apply' THEN
    RETURN coalesce(ariadne.id_problem(c->'mergeId', 'mergeId', 'm'), ariadne.id_problem(c->'intoId', 'intoId', 'e'),
                    ariadne.id_problem(c->'removedId', 'removedId', 'e'));
  WHEN 'merge.undo' THEN RETURN ariadne.id_problem(c->'mergeId', 'mergeId', 'm');
  END CASE;
  RETURN NULL;
END
$$;

-- push_batch as in 001, with every change checked before anything is written: a refused change
-- (SQLSTATE 22023, the message names it and why) refuses the whole batch.
CREATE OR REPLACE FUNCTION ariadne.push_batch(ws text, batch text, origin_id text, changes jsonb) RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ariadne, pg_temp AS $$
DECLARE
  who text := session_user;
  head bigint;
  c jsonb;
  i integer := 0;
  problem text;
  applied integer := 0;
  total integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ariadne.members m WHERE m.workspace_id = ws AND m.role_name = who) THEN
    RAISE EXCEPTION 'role "%" is not a member of workspace "%"', who, ws USING ERRCODE = '42501';
  END IF;
  IF jsonb_typeof(changes) IS DISTINCT FROM 'array' THEN
    RAISE EXCEPTION 'a batch is a JSON array of changes' USING ERRCODE = '22023';
  END IF;
  -- Stored on every log row and read by every teammate's pull: bounded like the changes (the extension's are far shorter).
  IF length(batch) NOT BETWEEN 1 AND 100 OR length(origin_id) NOT BETWEEN 1 AND 64 THEN
    RAISE EXCEPTION 'a batch id has 1 to 100 characters and a device id 1 to 64' USING ERRCODE = '22023';
  END IF;
  total := jsonb_array_length(changes);
  FOR c IN SELECT value FROM jsonb_array_elements(changes) LOOP
    problem := ariadne.change_problem(c);
    IF problem IS NOT NULL THEN
      RAISE EXCEPTION 'change % of the batch ("%") refused: %', i + 1, left(coalesce(c->>'changeId', '?'), 50), problem
        USING ERRCODE = '22023', HINT = 'Every change must match the change schema of src/core/team/changes.ts.';
    END IF;
    i := i + 1;
  END LOOP;
  -- Locks the workspace row until commit: the next pusher waits, so positions commit in order
  -- and a puller never skips a position that commits later.
  SELECT w.log_head INTO head FROM ariadne.workspaces w WHERE w.id = ws FOR UPDATE;
  IF EXISTS (SELECT 1 FROM ariadne.batches b WHERE b.workspace_id = ws AND b.batch_id = batch) THEN
    RETURN jsonb_build_object('applied', 0, 'duplicates', total, 'head', head);
  END IF;
  FOR c IN SELECT value FROM jsonb_array_elements(changes) LOOP
    CONTINUE WHEN EXISTS (SELECT 1 FROM ariadne.change_log l WHERE l.workspace_id = ws AND l.change_id = c->>'changeId');
    head := head + 1;
    INSERT INTO ariadne.change_log (workspace_id, position, change_id, batch_id, origin, contributor, kind, payload)
    VALUES (ws, head, c->>'changeId', batch, origin_id, who, c->>'kind', c);
    PERFORM ariadne.apply_change(ws, head, who, c);
    applied := applied + 1;
  END LOOP;
  UPDATE ariadne.workspaces SET log_head = head WHERE id = ws;
  INSERT INTO ariadne.batches (workspace_id, batch_id, origin, contributor, change_count, applied_count)
  VALUES (ws, batch, origin_id, who, total, applied);
  RETURN jsonb_build_object('applied', applied, 'duplicates', total - applied, 'head', head);
END
$$;

-- The same bounds on the rows themselves, for anything written without push_batch (the owner).
ALTER TABLE ariadne.change_log ADD CONSTRAINT change_log_payload_size
  CHECK (octet_length(payload::text) <= ariadne.max_change_bytes()) NOT VALID;
ALTER TABLE ariadne.evidence ADD CONSTRAINT evidence_web_url CHECK (ariadne.is_web_url(page_url)) NOT VALID;

-- ── 2. One entity per real thing, on read ──────────────────────────────────

-- The entity a live entity reads as: the oldest live entity with its name key and type, when
-- no member last wrote two of them (else itself: homonyms stay apart). Runs with the caller's
-- rights (a member sees only their workspaces); indexed by entities_name_key.
CREATE FUNCTION ariadne.group_head(ws text, eid text) RETURNS text
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = ariadne, pg_temp AS $$
  WITH me AS (
    SELECT name_key, type FROM ariadne.entities
     WHERE workspace_id = ws AND id = eid AND deleted_at IS NULL AND merged_into IS NULL
  ),
  peers AS (
    SELECT g.id, g.created_at, g.contributor FROM me
      JOIN ariadne.entities g ON g.workspace_id = ws AND g.name_key = me.name_key AND g.type = me.type
     WHERE g.deleted_at IS NULL AND g.merged_into IS NULL
  )
  SELECT CASE WHEN (SELECT count(*) = count(DISTINCT contributor) FROM peers)
              THEN (SELECT id FROM peers ORDER BY created_at, id COLLATE "C" LIMIT 1) END
$$;

-- The entities that read as `eid` (its group, `eid` alone when it has none). ROWS 2: with the
-- default estimate (1,000) find_related's planner scanned every relationship (1.5 s at 100k
-- entities and 300k relationships instead of milliseconds).
CREATE FUNCTION ariadne.group_members(ws text, eid text) RETURNS SETOF text
LANGUAGE sql STABLE SECURITY INVOKER ROWS 2 SET search_path = ariadne, pg_temp AS $$
  SELECT eid
  UNION
  SELECT g.id FROM ariadne.entities me
    JOIN ariadne.entities g ON g.workspace_id = ws AND g.name_key = me.name_key AND g.type = me.type
   WHERE me.workspace_id = ws AND me.id = eid AND ariadne.group_head(ws, eid) IS NOT NULL
     AND g.deleted_at IS NULL AND g.merged_into IS NULL
$$;

CREATE OR REPLACE FUNCTION ariadne.search_entities(ws text, key text, types text[], max_results integer)
RETURNS TABLE (id text, name text, type text, score float8)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ariadne, public, pg_temp AS $$
#variable_conflict use_column
BEGIN
  PERFORM ariadne.check_member(ws);
  RETURN QUERY
  WITH hits AS (
    SELECT e.id AS hit, greatest(similarity(e.name_key, key), word_similarity(key, e.name_key)) AS s
      FROM ariadne.entities e
     WHERE e.workspace_id = ws AND e.name_key % key
    UNION ALL
    SELECT e.id, greatest(similarity(e.name_key, key), word_similarity(key, e.name_key))
      FROM ariadne.entities e
     WHERE e.workspace_id = ws AND key <% e.name_key
    UNION ALL
    SELECT a.entity_id, 0.95 * greatest(similarity(a.alias_key, key), word_similarity(key, a.alias_key))
      FROM ariadne.aliases a
     WHERE a.workspace_id = ws AND (a.alias_key % key OR key <% a.alias_key)
  ),
  best AS (SELECT hit, max(s) AS s FROM hits GROUP BY hit),
  live AS MATERIALIZED (
    SELECT coalesce(ariadne.group_head(ws, x.id), x.id) AS head, b.s
      FROM best b
      JOIN ariadne.entities x ON x.workspace_id = ws AND x.id = b.hit
     WHERE x.deleted_at IS NULL AND x.merged_into IS NULL AND (types IS NULL OR x.type = ANY (types))
  ),
  grouped AS (SELECT head, max(s) AS s FROM live GROUP BY head)
  SELECT e.id, e.name, e.type, g.s::float8
    FROM grouped g
    JOIN ariadne.entities e ON e.workspace_id = ws AND e.id = g.head
   ORDER BY g.s DESC, e.name, e.id
   LIMIT max_results;
END
$$;

-- 002's find_related, over the target's whole group, each neighbour read as its group's head.
CREATE OR REPLACE FUNCTION ariadne.find_related(ws text, target text, only_label text, only_direction text, max_results integer)
RETURNS TABLE (name text, relationship text, direction text, created_at bigint, rid text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ariadne, pg_temp AS $$
#variable_conflict use_column
BEGIN
  PERFORM ariadne.check_member(ws);
  RETURN QUERY
  WITH RECURSIVE absorbed (id, depth) AS (
    SELECT m, 0 FROM ariadne.group_members(ws, target) m
    UNION
    SELECT e.id, a.depth + 1 FROM absorbed a
      JOIN ariadne.entities e ON e.workspace_id = ws AND e.merged_into = a.id
     WHERE a.depth < 32
  ),
  edges AS (
    SELECT r.id, r.label, r.created_at, 'outgoing'::text AS direction, r.to_id AS other
      FROM absorbed a JOIN ariadne.relationships r ON r.workspace_id = ws AND r.from_id = a.id
     WHERE r.deleted_at IS NULL AND r.to_id NOT IN (SELECT id FROM absorbed)
       AND (only_label IS NULL OR r.label = only_label) AND (only_direction IS NULL OR only_direction = 'outgoing')
    UNION ALL
    SELECT r.id, r.label, r.created_at, 'incoming'::text, r.from_id
      FROM absorbed a JOIN ariadne.relationships r ON r.workspace_id = ws AND r.to_id = a.id
     WHERE r.deleted_at IS NULL AND r.from_id NOT IN (SELECT id FROM absorbed)
       AND (only_label IS NULL OR r.label = only_label) AND (only_direction IS NULL OR only_direction = 'incoming')
  ),
  up (start, id, depth) AS (
    SELECT DISTINCT other, other, 0 FROM edges
    UNION ALL
    SELECT u.start, e.merged_into, u.depth + 1 FROM up u
      JOIN ariadne.entities e ON e.workspace_id = ws AND e.id = u.id
     WHERE e.merged_into IS NOT NULL AND u.depth < 32
  ),
  survivor AS (SELECT DISTINCT ON (start) start, id FROM up ORDER BY start, depth DESC),
  -- Materialized: each neighbour's head computed once, then joined by id.
  heads AS MATERIALIZED (
    SELECT s.start, coalesce(ariadne.group_head(ws, n.id), n.id) AS head
      FROM survivor s
      JOIN ariadne.entities n ON n.workspace_id = ws AND n.id = s.id
     WHERE n.deleted_at IS NULL AND n.id NOT IN (SELECT id FROM absorbed)
  ),
  related AS (
    SELECT DISTINCT ON (n.id, d.label, d.direction) n.name, d.label AS relationship, d.direction, d.created_at, d.id AS rid
      FROM edges d
      JOIN heads h ON h.start = d.other
      JOIN ariadne.entities n ON n.workspace_id = ws AND n.id = h.head
     WHERE n.id NOT IN (SELECT id FROM absorbed)
     ORDER BY n.id, d.label, d.direction, d.created_at, d.id
  )
  SELECT r.name, r.relationship, r.direction, r.created_at, r.rid FROM related r
   ORDER BY r.direction = 'outgoing', r.created_at, r.rid COLLATE "C"
   LIMIT max_results;
END
$$;

GRANT EXECUTE ON FUNCTION ariadne.group_head(text, text), ariadne.group_members(text, text), ariadne.change_problem(jsonb)
  TO ariadne_member;
