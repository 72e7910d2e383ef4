-- user_offers: redemptions. One per member per offer (23505 -> 'Already
-- Redeemed'); a member can only redeem an offer they can see. The usage
-- counter on offers moves once per redemption through increment_offer_usage.

create table public.user_offers (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  offer_id uuid not null references public.offers (id) on delete cascade,
  redeemed_at timestamptz not null default now(),
  usage_counted boolean not null default false,
  constraint user_offers_user_id_offer_id_key unique (user_id, offer_id)
);

comment on table public.user_offers is 'Offer redemptions, one per member per offer (duplicate -> 23505).';

revoke all on table public.user_offers from public, anon, authenticated;
grant select on table public.user_offers to authenticated;
grant insert (user_id, offer_id) on table public.user_offers to authenticated;
grant delete on table public.user_offers to authenticated;
grant all on table public.user_offers to service_role;

alter table public.user_offers enable row level security;

create policy "Members can read their own redemptions and admins can read all redemptions"
  on public.user_offers for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- The offers policy applies inside the subquery, so only an offer the member
-- may see (active, unexpired, right type) can be redeemed.
create policy "Members can redeem offers they can see"
  on public.user_offers for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (
      select 1 from public.offers o
      where o.id = offer_id
        and o.is_active
        and (o.valid_until is null or o.valid_until >= now())
    )
  );

create policy "Members can delete their own redemptions and admins can delete any redemption"
  on public.user_offers for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create index user_offers_offer_id_idx on public.user_offers (offer_id);
-- user_id is covered by the unique (user_id, offer_id) index.

-- increment_offer_usage(offer_id): counts the caller's redemption of the offer
-- once. Raises 'offer_not_redeemed' (P0001) when the caller has not redeemed
-- it; a repeated call for the same redemption is a no-op. Returns the new count.
create or replace function private.increment_offer_usage(_offer_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  _uid uuid := auth.uid();
  _count integer;
begin
  if _uid is null then
    raise exception 'Sign in required' using errcode = '42501';
  end if;

  update public.user_offers uo
  set usage_counted = true
  where uo.user_id = _uid and uo.offer_id = _offer_id and not uo.usage_counted;

  if found then
    update public.offers o
    set usage_count = o.usage_count + 1
    where o.id = _offer_id
    returning o.usage_count into _count;
    return _count;
  end if;

  if not exists (select 1 from public.user_offers uo where uo.user_id = _uid and uo.offer_id = _offer_id) then
    raise exception 'offer_not_redeemed'
      using errcode = 'P0001', detail = 'Redeem the offer before counting its usage.';
  end if;

  select o.usage_count into _count from public.offers o where o.id = _offer_id;
  return _count;
end
$$;

revoke execute on function private.increment_offer_usage(uuid) from public;
grant execute on function private.increment_offer_usage(uuid) to authenticated, service_role;

-- The RPC the app calls (POST /rest/v1/rpc/increment_offer_usage {offer_id}).
create or replace function public.increment_offer_usage(offer_id uuid)
returns integer
language sql
volatile
set search_path = ''
as $$
  select private.increment_offer_usage(offer_id)
$$;

revoke execute on function public.increment_offer_usage(uuid) from public, anon;
grant execute on function public.increment_offer_usage(uuid) to authenticated, service_role;
