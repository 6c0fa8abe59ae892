-- Papers are read per start (the exam's item loader) and held in memory; any change to them notifies 'bank' like the
-- rest of the question bank (docs/caching.md), so every process drops what it held.
CREATE TRIGGER papers_cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON papers FOR EACH STATEMENT EXECUTE FUNCTION kaoshi_cache_notify_table('bank');
