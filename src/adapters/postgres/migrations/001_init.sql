-- Team graphs: workspaces, members, the graph's facts and the change log.
--
-- Members write only through ariadne.push_batch, which checks their membership and appends
-- to the change log in order; they read the tables directly, where row-level security shows
-- them only the workspaces they belong to. Facts are never
-- deleted: a deletion is a tombstone (deleted_at), a merge marks the removed entity
-- (merged_into) so its undo is exact. Every fact row names the role that last wrote it.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE SCHEMA IF NOT EXISTS ariadne;

DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'ariadne_member') THEN
    CREATE ROLE ariadne_member NOLOGIN;
  END IF;
END
$$;

CREATE TABLE ariadne.workspaces (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  -- Position of the newest change-log row; push_batch locks this row, so positions commit in order.
  log_head bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ariadne.members (
  workspace_id text NOT NULL REFERENCES ariadne.workspaces ON DELETE CASCADE,
  role_name text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, role_name)
);
CREATE INDEX members_by_role ON ariadne.members (role_name, workspace_id);

CREATE TABLE ariadne.entities (
  workspace_id text NOT NULL REFERENCES ariadne.workspaces ON DELETE CASCADE,
  id text NOT NULL CHECK (id ~ '^e_[0-9a-z_-]{1,64}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  name_key text NOT NULL,
  type text NOT NULL CHECK (type IN ('company', 'person', 'technology', 'product', 'location', 'other')),
  description text,
  authority_id text,
  attributes jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(attributes) = 'object'),
  mention_count integer NOT NULL DEFAULT 1,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  merged_into text,
  deleted_at bigint,
  contributor text NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX entities_name_key ON ariadne.entities (workspace_id, name_key);
CREATE INDEX entities_name_trgm ON ariadne.entities USING gin (name_key gin_trgm_ops);
CREATE INDEX entities_merged_into ON ariadne.entities (workspace_id, merged_into) WHERE merged_into IS NOT NULL;

CREATE TABLE ariadne.aliases (
  workspace_id text NOT NULL,
  entity_id text NOT NULL,
  alias_key text NOT NULL,
  alias text NOT NULL CHECK (length(alias) BETWEEN 1 AND 200),
  contributor text NOT NULL,
  PRIMARY KEY (workspace_id, entity_id, alias_key),
  FOREIGN KEY (workspace_id, entity_id) REFERENCES ariadne.entities ON DELETE CASCADE
);
CREATE INDEX aliases_key ON ariadne.aliases (workspace_id, alias_key);
CREATE INDEX aliases_trgm ON ariadne.aliases USING gin (alias_key gin_trgm_ops);

CREATE TABLE ariadne.relationships (
  workspace_id text NOT NULL REFERENCES ariadne.workspaces ON DELETE CASCADE,
  id text NOT NULL CHECK (id ~ '^r_[0-9a-z_-]{1,64}$'),
  from_id text NOT NULL,
  to_id text NOT NULL,
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 80),
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  deleted_at bigint,
  contributor text NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX relationships_from ON ariadne.relationships (workspace_id, from_id);
CREATE INDEX relationships_to ON ariadne.relationships (workspace_id, to_id);

CREATE TABLE ariadne.evidence (
  workspace_id text NOT NULL REFERENCES ariadne.workspaces ON DELETE CASCADE,
  id text NOT NULL CHECK (id ~ '^v_[0-9a-z_-]{1,64}$'),
  kind text NOT NULL CHECK (kind IN ('mention', 'relationship', 'alias', 'attribute', 'clip')),
  entity_id text,
  relationship_id text,
  page_url text NOT NULL CHECK (length(page_url) BETWEEN 1 AND 4096),
  page_title text NOT NULL,
  snippet text NOT NULL,
  detail text,
  captured_at bigint NOT NULL,
  contributor text NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (workspace_id, id),
  CHECK ((entity_id IS NULL) <> (relationship_id IS NULL))
);
CREATE INDEX evidence_entity ON ariadne.evidence (workspace_id, entity_id) WHERE entity_id IS NOT NULL;
CREATE INDEX evidence_relationship ON ariadne.evidence (workspace_id, relationship_id) WHERE relationship_id IS NOT NULL;

CREATE TABLE ariadne.merges (
  workspace_id text NOT NULL REFERENCES ariadne.workspaces ON DELETE CASCADE,
  id text NOT NULL CHECK (id ~ '^m_[0-9a-z_-]{1,64}$'),
  into_id text NOT NULL,
  removed_id text NOT NULL,
  at bigint NOT NULL,
  undone_at bigint,
  contributor text NOT NULL,
  position bigint NOT NULL,
  PRIMARY KEY (workspace_id, id)
);

CREATE TABLE ariadne.change_log (
  workspace_id text NOT NULL REFERENCES ariadne.workspaces ON DELETE CASCADE,
  position bigint NOT NULL,
  change_id text NOT NULL,
  batch_id text NOT NULL,
  -- The device that pushed it, so a puller skips its own changes.
  origin text NOT NULL,
  contributor text NOT NULL,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, position),
  UNIQUE (workspace_id, change_id)
);

CREATE TABLE ariadne.batches (
  workspace_id text NOT NULL REFERENCES ariadne.workspaces ON DELETE CASCADE,
  batch_id text NOT NULL,
  origin text NOT NULL,
  contributor text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  change_count integer NOT NULL,
  applied_count integer NOT NULL,
  PRIMARY KEY (workspace_id, batch_id)
);

-- ── Rights ─────────────────────────────────────────────────────────────────
-- Reads: a member's workspaces are the members rows naming the current role. Members see
-- only their own membership rows, so this subquery never recurses through a policy.
-- Writes: none granted on the tables; push_batch (SECURITY DEFINER) writes for the member
-- after checking membership, so the change log is the only way in and its positions stay
-- in order (a row inserted by hand could jump the positions every teammate reads by).

ALTER TABLE ariadne.workspaces ENABLE ROW LEVEL SECURITY;
ALTER TABLE ariadne.members ENABLE ROW LEVEL SECURITY;
ALTER TABLE ariadne.entities ENABLE ROW LEVEL SECURITY;
ALTER TABLE ariadne.aliases ENABLE ROW LEVEL SECURITY;
ALTER TABLE ariadne.relationships ENABLE ROW LEVEL SECURITY;
ALTER TABLE ariadne.evidence ENABLE ROW LEVEL SECURITY;
ALTER TABLE ariadne.merges ENABLE ROW LEVEL SECURITY;
ALTER TABLE ariadne.change_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE ariadne.batches ENABLE ROW LEVEL SECURITY;

CREATE POLICY own_membership ON ariadne.members FOR SELECT USING (role_name = current_user);
CREATE POLICY member_reads ON ariadne.workspaces FOR SELECT
  USING (id IN (SELECT workspace_id FROM ariadne.members WHERE role_name = current_user));

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['entities', 'aliases', 'relationships', 'evidence', 'merges', 'change_log', 'batches'] LOOP
    EXECUTE format(
      'CREATE POLICY member_reads ON ariadne.%I FOR SELECT
         USING (workspace_id IN (SELECT workspace_id FROM ariadne.members WHERE role_name = current_user))', t);
  END LOOP;
END
$$;

REVOKE ALL ON ALL TABLES IN SCHEMA ariadne FROM PUBLIC;
GRANT USAGE ON SCHEMA ariadne TO ariadne_member;
GRANT SELECT ON ariadne.workspaces, ariadne.members, ariadne.entities, ariadne.aliases, ariadne.relationships,
  ariadne.evidence, ariadne.merges, ariadne.change_log, ariadne.batches TO ariadne_member;

-- ── Applying changes ───────────────────────────────────────────────────────

CREATE FUNCTION ariadne.apply_entity_upsert(ws text, pos bigint, who text, e jsonb) RETURNS void
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ariadne, pg_temp AS $$
BEGIN
  INSERT INTO ariadne.entities AS t (workspace_id, id, name, name_key, type, description, authority_id, attributes,
                                     mention_count, created_at, updated_at, contributor, position)
  VALUES (ws, e->>'id', e->>'name', e->>'nameKey', e->>'type', e->>'description', e->>'authorityId', e->'attributes',
          (e->>'mentionCount')::integer, (e->>'createdAt')::bigint, (e->>'updatedAt')::bigint, who, pos)
  ON CONFLICT (workspace_id, id) DO UPDATE SET
    name = EXCLUDED.name, name_key = EXCLUDED.name_key, type = EXCLUDED.type, description = EXCLUDED.description,
    authority_id = EXCLUDED.authority_id, attributes = EXCLUDED.attributes, mention_count = EXCLUDED.mention_count,
    updated_at = EXCLUDED.updated_at, deleted_at = NULL, contributor = who, position = pos;
  -- Aliases still named keep the member who first contributed them.
  DELETE FROM ariadne.aliases a
   WHERE a.workspace_id = ws AND a.entity_id = e->>'id'
     AND a.alias_key NOT IN (SELECT x->>'key' FROM jsonb_array_elements(e->'aliases') x);
  INSERT INTO ariadne.aliases (workspace_id, entity_id, alias_key, alias, contributor)
  SELECT ws, e->>'id', x->>'key', x->>'alias', who FROM jsonb_array_elements(e->'aliases') x
  ON CONFLICT DO NOTHING;
END
$$;

CREATE FUNCTION ariadne.apply_change(ws text, pos bigint, who text, c jsonb) RETURNS void
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ariadne, pg_temp AS $$
DECLARE
  change_at bigint := (c->>'at')::bigint;
BEGIN
  CASE c->>'kind'
  WHEN 'entity.upsert' THEN
    PERFORM ariadne.apply_entity_upsert(ws, pos, who, c->'entity');
  WHEN 'entity.delete' THEN
    UPDATE ariadne.entities SET deleted_at = change_at, contributor = who, position = pos
     WHERE workspace_id = ws AND id = c->>'entityId';
    UPDATE ariadne.relationships SET deleted_at = change_at, contributor = who, position = pos
     WHERE workspace_id = ws AND deleted_at IS NULL AND (from_id = c->>'entityId' OR to_id = c->>'entityId');
  WHEN 'relationship.upsert' THEN
    INSERT INTO ariadne.relationships AS t (workspace_id, id, from_id, to_id, label, created_at, updated_at, contributor, position)
    VALUES (ws, c->'relationship'->>'id', c->'relationship'->>'from', c->'relationship'->>'to', c->'relationship'->>'label',
            (c->'relationship'->>'createdAt')::bigint, (c->'relationship'->>'updatedAt')::bigint, who, pos)
    ON CONFLICT (workspace_id, id) DO UPDATE SET
      from_id = EXCLUDED.from_id, to_id = EXCLUDED.to_id, label = EXCLUDED.label, updated_at = EXCLUDED.updated_at,
      deleted_at = NULL, contributor = who, position = pos;
  WHEN 'relationship.delete' THEN
    UPDATE ariadne.relationships SET deleted_at = change_at, contributor = who, position = pos
     WHERE workspace_id = ws AND id = c->>'relationshipId';
  WHEN 'evidence.add' THEN
    INSERT INTO ariadne.evidence (workspace_id, id, kind, entity_id, relationship_id, page_url, page_title, snippet,
                                  detail, captured_at, contributor, position)
    VALUES (ws, c->'evidence'->>'id', c->'evidence'->>'kind', c->'evidence'->>'entityId', c->'evidence'->>'relationshipId',
            c->'evidence'->>'pageUrl', c->'evidence'->>'pageTitle', c->'evidence'->>'snippet', c->'evidence'->>'detail',
            (c->'evidence'->>'capturedAt')::bigint, who, pos)
    ON CONFLICT DO NOTHING;
  WHEN 'merge.apply' THEN
    INSERT INTO ariadne.merges (workspace_id, id, into_id, removed_id, at, contributor, position)
    VALUES (ws, c->>'mergeId', c->>'intoId', c->>'removedId', change_at, who, pos)
    ON CONFLICT DO NOTHING;
    UPDATE ariadne.entities SET merged_into = c->>'intoId', contributor = who, position = pos
     WHERE workspace_id = ws AND id = c->>'removedId';
  WHEN 'merge.undo' THEN
    UPDATE ariadne.merges SET undone_at = change_at, contributor = who, position = pos
     WHERE workspace_id = ws AND id = c->>'mergeId' AND undone_at IS NULL;
    UPDATE ariadne.entities e SET merged_into = NULL, contributor = who, position = pos
      FROM ariadne.merges m
     WHERE m.workspace_id = ws AND m.id = c->>'mergeId'
       AND e.workspace_id = ws AND e.id = m.removed_id AND e.merged_into = m.into_id;
  ELSE
    RAISE EXCEPTION 'unknown change kind "%"', c->>'kind' USING ERRCODE = '22023';
  END CASE;
END
$$;

-- Pushes one batch for the connected member: each change lands once (by change id), a
-- re-sent batch changes nothing. SECURITY DEFINER, so the member needs no write right on the
-- tables; the member is the session's login role, checked here and recorded on every row.
CREATE FUNCTION ariadne.push_batch(ws text, batch text, origin_id text, changes jsonb) RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = ariadne, pg_temp AS $$
DECLARE
  who text := session_user;
  head bigint;
  c jsonb;
  applied integer := 0;
  total integer := jsonb_array_length(changes);
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ariadne.members m WHERE m.workspace_id = ws AND m.role_name = who) THEN
    RAISE EXCEPTION 'role "%" is not a member of workspace "%"', who, ws USING ERRCODE = '42501';
  END IF;
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

REVOKE ALL ON FUNCTION ariadne.apply_entity_upsert(text, bigint, text, jsonb), ariadne.apply_change(text, bigint, text, jsonb),
  ariadne.push_batch(text, text, text, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ariadne.push_batch(text, text, text, jsonb) TO ariadne_member;
