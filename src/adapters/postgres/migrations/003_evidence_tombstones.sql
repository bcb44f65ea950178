-- Evidence tombstones (change kind `evidence.delete`) and the schema version members can read.
--
-- A member who deletes a page, re-reads it, or forgets its LLM readings removes evidence rows
-- from entities and relationships that stay; `evidence.delete` sets the row's deleted_at, as
-- the other tombstones do (nothing is deleted by sync). push_batch keeps writing for members
-- through ariadne.apply_change, which now takes the new kind and hands the others to 001's.
--
-- ariadne.schema_version() answers the newest migration applied, for members, who may not
-- read ariadne_schema_migrations: a client that pushes changes of a newer kind checks it
-- first and tells the member to have `team init` run, instead of failing on a kind the
-- database does not know.

ALTER TABLE ariadne.evidence ADD COLUMN deleted_at bigint;

-- The kinds 001 knows stay with its function, renamed; the new one adds evidence.delete in front.
ALTER FUNCTION ariadne.apply_change(text, bigint, text, jsonb) RENAME TO apply_change_001;

CREATE FUNCTION ariadne.apply_change(ws text, pos bigint, who text, c jsonb) RETURNS void
LANGUAGE plpgsql SECURITY INVOKER SET search_path = ariadne, pg_temp AS $$
BEGIN
  IF c->>'kind' = 'evidence.delete' THEN
    UPDATE ariadne.evidence SET deleted_at = (c->>'at')::bigint, contributor = who, position = pos
     WHERE workspace_id = ws AND id = c->>'evidenceId' AND deleted_at IS NULL;
  ELSE
    PERFORM ariadne.apply_change_001(ws, pos, who, c);
  END IF;
END
$$;

-- The migrations table lives where `team init` created it (the first schema of the owner's
-- search_path): its qualified name is fixed into the function now, so the function does not
-- depend on the caller's search_path.
DO $$
DECLARE
  versions text;
BEGIN
  SELECT format('%I.%I', n.nspname, c.relname) INTO versions
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.oid = to_regclass('ariadne_schema_migrations');
  IF versions IS NULL THEN
    RAISE EXCEPTION 'ariadne_schema_migrations not found: apply the migrations with `team init`';
  END IF;
  EXECUTE format(
    'CREATE FUNCTION ariadne.schema_version() RETURNS integer
     LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
     AS %L', format('SELECT coalesce(max(version), 0) FROM %s', versions));
END
$$;

REVOKE ALL ON FUNCTION ariadne.apply_change(text, bigint, text, jsonb), ariadne.schema_version() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ariadne.schema_version() TO ariadne_member;
