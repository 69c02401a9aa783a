-- Servers keep signed-in sessions in memory. Every committed change to an account or a session's
-- revocation is announced, so each server process drops its copy at once, whoever wrote it (the
-- API, another process, the admin command line).
CREATE OR REPLACE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_changed', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
-- Touching last_seen_at is not a change anyone else needs to hear about.
CREATE TRIGGER sessions_notify_changed AFTER UPDATE OF revoked_at, user_id, token_hash OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
