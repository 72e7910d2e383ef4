-- offers: member offers with a usage counter. Members see active, unexpired
-- offers they qualify for: exclusive and surprise for every member, vip only
-- for VIP members, birthday only within 7 days of their birthday. Admins see
-- and manage all; usage_count is changed only by increment_offer_usage().

create type public.offer_type as enum ('exclusive', 'vip', 'birthday', 'surprise');

create table public.offers (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text,
  offer_type public.offer_type not null default 'exclusive',
  discount_percentage integer check (discount_percentage between 0 and 100),
  is_active boolean not null default true,
  valid_until timestamptz,
  usage_count integer not null default 0 check (usage_count >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.offers is 'Member offers; usage_count counts redemptions (increment_offer_usage).';
comment on column public.offers.usage_count is 'Times the offer was redeemed; only increment_offer_usage() changes it.';

revoke all on table public.offers from public, anon, authenticated;
grant select on table public.offers to authenticated;
grant insert (title, description, offer_type, discount_percentage, is_active, valid_until) on table public.offers to authenticated;
grant update (title, description, offer_type, discount_percentage, is_active, valid_until) on table public.offers to authenticated;
grant delete on table public.offers to authenticated;
grant all on table public.offers to service_role;

alter table public.offers enable row level security;

-- helpers
-- Whether the caller qualifies for an offer of this type.
create or replace function private.can_see_offer_type(_type public.offer_type)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case _type
    when 'exclusive' then true
    when 'surprise' then true
    when 'vip' then private.is_vip()
    when 'birthday' then private.birthday_within(7)
    else false
  end
$$;

revoke execute on function private.can_see_offer_type(public.offer_type) from public;
grant execute on function private.can_see_offer_type(public.offer_type) to authenticated, service_role;

-- Whether the caller has redeemed the offer (so the redemption's joined offer
-- stays readable after it expires).
create or replace function private.has_redeemed(_offer_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- plpgsql so the body may name user_offers, created by the next migration.
  return exists (
    select 1 from public.user_offers uo
    where uo.offer_id = _offer_id and uo.user_id = auth.uid()
  );
end
$$;

revoke execute on function private.has_redeemed(uuid) from public;
grant execute on function private.has_redeemed(uuid) to authenticated, service_role;

-- policies
create policy "Members can read offers they qualify for and admins can read all offers"
  on public.offers for select to authenticated
  using (
    (select private.is_admin())
    or (
      is_active
      and (valid_until is null or valid_until >= now())
      and private.can_see_offer_type(offer_type)
    )
    or private.has_redeemed(id)
  );

create policy "Admins can create offers"
  on public.offers for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins can update offers"
  on public.offers for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can delete offers"
  on public.offers for delete to authenticated
  using ((select private.is_admin()));

create index offers_active_valid_until_idx on public.offers (is_active, valid_until);
create index offers_offer_type_idx on public.offers (offer_type);

create or replace function private.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

revoke execute on function private.touch_updated_at() from public;

create trigger offers_touch_updated_at
  before update on public.offers
  for each row execute function private.touch_updated_at();
