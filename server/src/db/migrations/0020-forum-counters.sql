-- Forum counters and anonymous ownership kept by the database itself (docs/decisions/0020-forum.md).
-- Votes and replies also disappear through cascades (an account deletion, a parent post deletion)
-- that no service sees, so the counters on forum_posts move in triggers, by increments that hold
-- the post's row lock: exact under concurrency whichever path removed the row.

create function forum_post_votes_count() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update forum_posts
    set upvotes = upvotes - (old.vote = 'up')::int, downvotes = downvotes - (old.vote = 'down')::int
    where id = old.post_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update forum_posts
    set upvotes = upvotes + (new.vote = 'up')::int, downvotes = downvotes + (new.vote = 'down')::int
    where id = new.post_id;
  end if;
  return null;
end;
$$;

create trigger forum_post_votes_count after insert or update or delete on forum_post_votes
for each row execute function forum_post_votes_count();

-- last_reply_at is the newest remaining reply, or the post's own creation when none is left.
create function forum_replies_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update forum_posts
    set reply_count = reply_count + 1, last_reply_at = greatest(last_reply_at, new.created_at)
    where id = new.post_id;
  else
    update forum_posts p
    set reply_count = greatest(p.reply_count - 1, 0),
        last_reply_at = coalesce((select max(r.created_at) from forum_replies r where r.post_id = p.id), p.created_at)
    where p.id = old.post_id;
  end if;
  return null;
end;
$$;

create trigger forum_replies_count after insert or delete on forum_replies
for each row execute function forum_replies_count();

-- An anonymous row has no author_id to cascade from; when its private owner link goes (the
-- account is deleted), the anonymous words go with it (product-decisions.md, Data).
create function forum_post_owner_removed() returns trigger language plpgsql as $$
begin
  delete from forum_posts where id = old.post_id and is_anonymous;
  return null;
end;
$$;

create trigger forum_post_owner_removed after delete on forum_post_owners
for each row execute function forum_post_owner_removed();

create function forum_reply_owner_removed() returns trigger language plpgsql as $$
begin
  delete from forum_replies where id = old.reply_id and is_anonymous;
  return null;
end;
$$;

create trigger forum_reply_owner_removed after delete on forum_reply_owners
for each row execute function forum_reply_owner_removed();
