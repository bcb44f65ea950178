-- Team-scale reads as functions that run with the schema owner's rights after checking the
-- caller's membership. Under row-level security PostgreSQL evaluates only leakproof
-- operators before the policy, and pg_trgm's similarity operators are not leakproof: a
-- trigram search would read every name of every workspace (5.7 s at 1M entities instead of
-- an index scan). The functions see one workspace, the caller's, checked first.
-- pg_trgm lives in the schema CREATE EXTENSION chose (public by default), hence the search_path.

CREATE FUNCTION ariadne.check_member(ws text) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ariadne, pg_temp AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ariadne.members m WHERE m.workspace_id = ws AND m.role_name = session_user) THEN
    RAISE EXCEPTION 'role "%" is not a member of workspace "%"', session_user, ws USING ERRCODE = '42501';
  END IF;
END
$$;

-- Names and aliases similar to `key` (a normalized name), best first: trigram similarity of
-- the whole name, or word similarity for a partial name; an alias match weighs 0.95.
CREATE FUNCTION ariadne.search_entities(ws text, key text, types text[], max_results integer)
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
  best AS (SELECT hit, max(s) AS s FROM hits GROUP BY hit)
  SELECT e.id, e.name, e.type, b.s::float8
    FROM best b
    CROSS JOIN LATERAL (
      SELECT x.id, x.name, x.type FROM ariadne.entities x
       WHERE x.workspace_id = ws AND x.id = b.hit AND x.deleted_at IS NULL AND x.merged_into IS NULL
         AND (types IS NULL OR x.type = ANY (types))
    ) e
   ORDER BY b.s DESC, e.name, e.id
   LIMIT max_results;
END
$$;

-- The entity `target` with everything merged into it (followed recursively), its live
-- relationships in both directions, and each neighbour followed up its merges to the
-- entity that survives; one row per (neighbour, label, direction), the oldest.
CREATE FUNCTION ariadne.find_related(ws text, target text, only_label text, only_direction text, max_results integer)
RETURNS TABLE (name text, relationship text, direction text, created_at bigint, rid text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ariadne, pg_temp AS $$
#variable_conflict use_column
BEGIN
  PERFORM ariadne.check_member(ws);
  RETURN QUERY
  WITH RECURSIVE absorbed (id, depth) AS (
    SELECT target, 0
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
  related AS (
    SELECT DISTINCT ON (n.id, d.label, d.direction) n.name, d.label AS relationship, d.direction, d.created_at, d.id AS rid
      FROM edges d
      JOIN survivor s ON s.start = d.other
      JOIN ariadne.entities n ON n.workspace_id = ws AND n.id = s.id
     WHERE n.deleted_at IS NULL AND n.id NOT IN (SELECT id FROM absorbed)
     ORDER BY n.id, d.label, d.direction, d.created_at, d.id
  )
  SELECT r.name, r.relationship, r.direction, r.created_at, r.rid FROM related r
   ORDER BY r.direction = 'outgoing', r.created_at, r.rid COLLATE "C"
   LIMIT max_results;
END
$$;

REVOKE ALL ON FUNCTION ariadne.check_member(text), ariadne.search_entities(text, text, text[], integer),
  ariadne.find_related(text, text, text, text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ariadne.check_member(text), ariadne.search_entities(text, text, text[], integer),
  ariadne.find_related(text, text, text, text, integer) TO ariadne_member;
