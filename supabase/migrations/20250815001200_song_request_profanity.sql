-- Server-side profanity check for song requests, so a direct API call cannot
-- bypass the client's check. A private list of terms (our own list, in the
-- spirit of a general English profanity filter: swear words, sexual terms,
-- slurs and their common spellings) and a matcher that sees through case,
-- repeated letters ("fuuuck") and digit/symbol look-alikes ("sh1t", "@ss").
--
-- match = 'any'   the term anywhere, also inside a word ("bullshit")
--         'start' the term at the start of a word, any ending ("bastards")
--         'word'  the whole word, optionally plural ("ass", "asses", not "class")

create table private.profanity_terms (
  term text primary key check (term ~ '^[a-z]+( [a-z]+)*$'),
  match text not null default 'word' check (match in ('any', 'start', 'word'))
);

comment on table private.profanity_terms is 'Terms refused in song requests (see private.contains_profanity).';

revoke all on table private.profanity_terms from public, anon, authenticated;

insert into private.profanity_terms (term, match) values
  -- the f-word family and its disguises
  ('fuck', 'any'), ('fuk', 'start'), ('fuc', 'word'), ('fck', 'word'), ('fcuk', 'start'),
  ('fuq', 'word'), ('phuck', 'start'), ('phuk', 'start'), ('feck', 'word'), ('mofo', 'word'),
  ('effing', 'word'), ('fkn', 'word'), ('fking', 'word'), ('fcking', 'word'), ('motherfucka', 'any'),
  -- excrement and bodily terms used as swears
  ('shit', 'any'), ('shyt', 'start'), ('sht', 'word'), ('turd', 'word'),
  ('piss', 'start'), ('pissed', 'word'), ('dipshit', 'any'), ('shite', 'word'), 
  -- insults built on body parts
  ('ass', 'word'), ('arse', 'word'), ('asshole', 'start'), ('arsehole', 'start'), ('asshat', 'start'),
  ('assclown', 'start'), ('asswipe', 'start'), ('assface', 'start'), ('asslick', 'start'), ('asskisser', 'start'),
  ('dumbass', 'any'), ('jackass', 'any'), ('fatass', 'any'), ('smartass', 'any'), ('azz', 'word'),
  ('butthole', 'start'), ('buttplug', 'start'), ('buttfuck', 'any'), ('dick', 'word'), ('dik', 'word'),
  ('dickhead', 'any'), ('dickwad', 'any'), ('dickface', 'any'), ('cock', 'word'), ('cocksucker', 'any'),
  ('cocksuck', 'any'), ('cockhead', 'any'), ('prick', 'word'), ('knobhead', 'start'),
  ('knobend', 'start'), ('bellend', 'start'), ('twat', 'start'), ('cunt', 'start'), ('kunt', 'start'),
  ('pussy', 'word'), ('pussies', 'word'), ('bollocks', 'start'), ('bollox', 'start'),
  ('ballsack', 'start'), ('nutsack', 'start'), ('scrotum', 'word'), ('testicle', 'start'), ('douche', 'start'),
  ('douchebag', 'start'), ('tosser', 'word'), ('wanker', 'start'), ('wank', 'start'), ('bugger', 'start'),
  ('bastard', 'start'), ('bitch', 'any'), ('biatch', 'start'), ('btch', 'word'), ('beyotch', 'start'),
  ('skank', 'start'), ('slut', 'start'), ('slag', 'word'), ('whore', 'any'), 
  ('thot', 'word'), ('hooker', 'word'), ('minge', 'word'), ('munter', 'word'),
  -- sexual terms
  ('anal', 'word'), ('anus', 'word'), ('penis', 'start'), ('vagina', 'start'), ('vulva', 'word'),
  ('clit', 'start'), ('tits', 'word'), ('titty', 'start'), ('titties', 'word'), ('boobs', 'word'),
  ('boobies', 'word'), ('dildo', 'start'), ('porn', 'start'),
  ('porno', 'start'), ('hentai', 'word'), ('orgy', 'word'),
  ('orgies', 'word'), ('orgasm', 'start'), ('masturbat', 'start'), ('jerkoff', 'start'), ('jerk off', 'word'),
  ('jack off', 'word'), ('jackoff', 'start'), ('circlejerk', 'start'), ('handjob', 'any'), ('blowjob', 'any'),
  ('blow job', 'word'), ('rimjob', 'any'), ('rimming', 'word'), ('footjob', 'any'), ('titjob', 'any'),
  ('boner', 'word'), ('cum', 'word'), ('cumshot', 'any'),
  ('cumslut', 'any'), ('cummies', 'word'), ('jizz', 'start'), ('jizm', 'start'), ('spunk', 'word'),
  ('semen', 'word'), ('ejaculat', 'start'), ('queef', 'start'), ('smegma', 'start'),
  ('fellatio', 'start'), ('cunnilingus', 'start'), ('deepthroat', 'start'), ('gangbang', 'any'), ('bukkake', 'start'),
  ('creampie', 'start'), ('fisting', 'word'), ('fingerbang', 'start'), ('felch', 'start'), ('doggystyle', 'start'),
  ('doggy style', 'word'), ('milf', 'word'), 
  ('bdsm', 'word'), 
  ('nympho', 'start'), ('cameltoe', 'start'), ('shag', 'word'), ('shagging', 'word'), 
  ('incest', 'start'), ('bestiality', 'start'), ('zoophil', 'start'), ('necrophil', 'start'), ('pedophil', 'start'),
  ('paedophil', 'start'), ('pedo', 'word'), ('paedo', 'word'), ('rape', 'word'), ('raped', 'word'),
  ('rapist', 'start'), ('raping', 'word'), ('molest', 'start'), ('cuck', 'start'), 
  -- slurs (listed so they are refused, never displayed)
  ('nigger', 'any'), ('nigga', 'any'), ('niggaz', 'any'), ('nigguh', 'any'), ('negro', 'word'),
  ('faggot', 'any'), ('fag', 'word'), ('fagot', 'start'), ('dyke', 'word'), ('tranny', 'word'),
  ('shemale', 'start'), ('retard', 'start'), ('retarded', 'word'), ('spastic', 'word'), ('spaz', 'word'),
  ('spic', 'word'), ('spick', 'word'), ('wetback', 'start'), ('beaner', 'start'),
  ('chink', 'word'), ('gook', 'word'), ('zipperhead', 'start'), ('chingchong', 'start'), ('ching chong', 'word'),
  ('kike', 'word'), ('yid', 'word'), ('coon', 'word'), ('jigaboo', 'start'), ('porch monkey', 'word'),
  ('golliwog', 'start'), ('sambo', 'word'), ('towelhead', 'start'), ('raghead', 'start'), ('sandnigger', 'any'),
  ('camel jockey', 'word'), ('gyppo', 'start'), ('pikey', 'word'), ('abbo', 'word'),
  ('boong', 'start'), ('wop', 'word'), ('dago', 'word'), ('jap', 'word'),
  ('paki', 'word'), ('halfbreed', 'start'), ('injun', 'word'), ('redskin', 'start'), ('squaw', 'word'),
  ('lesbo', 'word'), ('poofter', 'start'), ('poof', 'word'), ('batty boy', 'word');

-- Lower-case, map digit/symbol look-alikes to letters.
create or replace function private.normalize_for_profanity(_text text)
returns text
language sql
immutable
set search_path = ''
as $$
  select translate(lower(coalesce(_text, '')), '0134579@$!|+', 'oieastgasiit')
$$;

-- A regular expression for one term: every letter may repeat ("f+u+c+k+"),
-- spaces in a phrase match any run of non-letters.
create or replace function private.profanity_pattern(_term text, _match text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case _match when 'any' then '' else '\m' end
    || replace(regexp_replace(_term, '([a-z])', '\1+', 'g'), ' ', '[^a-z]*')
    || case _match when 'word' then '(e?s)?\M' else '' end
$$;

create or replace function private.contains_profanity(_text text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    private.normalize_for_profanity(_text) ~ (
      select string_agg(private.profanity_pattern(t.term, t.match), '|')
      from private.profanity_terms t
    ),
    false
  )
$$;

revoke execute on function private.normalize_for_profanity(text) from public;
revoke execute on function private.profanity_pattern(text, text) from public;
revoke execute on function private.contains_profanity(text) from public;
grant execute on function private.contains_profanity(text) to service_role;
