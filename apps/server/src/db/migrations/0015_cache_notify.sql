-- Cache invalidation (docs/caching.md): every change to what the server caches notifies channel
-- kaoshi_cache at commit, whoever made it (the app, the seed, an import, an operator in psql), and every
-- server process listening drops what it held. Payloads: 'catalog', 'bank', 'purchase:<user id>',
-- 'session:<token hash>'.
CREATE OR REPLACE FUNCTION kaoshi_cache_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kaoshi_cache', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kaoshi_cache_notify_purchase() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('kaoshi_cache', 'purchase:' || OLD.user_id);
  ELSE
    PERFORM pg_notify('kaoshi_cache', 'purchase:' || NEW.user_id);
    IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
      PERFORM pg_notify('kaoshi_cache', 'purchase:' || OLD.user_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kaoshi_cache_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kaoshi_cache', 'session:' || OLD.token_hash);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agents_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agents FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('catalog');
--> statement-breakpoint
CREATE TRIGGER agent_subjects_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agent_subjects FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('catalog');
--> statement-breakpoint
CREATE TRIGGER classes_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON classes FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('catalog');
--> statement-breakpoint
CREATE TRIGGER subjects_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subjects FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('catalog');
--> statement-breakpoint
CREATE TRIGGER versions_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON versions FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('catalog');
--> statement-breakpoint
CREATE TRIGGER chapters_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON chapters FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER questions_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON questions FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER question_groups_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON question_groups FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER knowledge_points_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON knowledge_points FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER question_points_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON question_points FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
--> statement-breakpoint
CREATE TRIGGER purchases_cache_notify AFTER INSERT OR UPDATE OR DELETE ON purchases FOR EACH ROW EXECUTE FUNCTION kaoshi_cache_notify_purchase();
--> statement-breakpoint
CREATE TRIGGER purchases_truncate_cache_notify AFTER TRUNCATE ON purchases FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('purchase:*');
--> statement-breakpoint
CREATE TRIGGER sessions_end_cache_notify AFTER UPDATE OF ended_at, expires_at, absolute_expires_at ON sessions FOR EACH ROW WHEN (OLD.ended_at IS DISTINCT FROM NEW.ended_at OR NEW.expires_at < OLD.expires_at OR NEW.absolute_expires_at < OLD.absolute_expires_at) EXECUTE FUNCTION kaoshi_cache_notify_session();
--> statement-breakpoint
CREATE TRIGGER sessions_delete_cache_notify AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION kaoshi_cache_notify_session();
