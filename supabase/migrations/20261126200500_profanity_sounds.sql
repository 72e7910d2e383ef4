-- Generated from supabase/profanity/terms.json by
-- supabase/profanity/generate.mjs: edit that list, never this file. The
-- database is the judge of song requests; the lounge checks the same list,
-- normalised and matched the same way, before sending.
--
-- Normalising sees through disguises: NFKC (full-width letters, ligatures),
-- then decomposition with invisible characters (zero-width, soft hyphen,
-- direction marks) and combining marks (accents) removed, look-alike letters
-- (Cyrillic, Greek) folded to Latin, upper-case ASCII lowered. Then word by
-- word: inside a word with a letter, leet characters read as letters
-- ("sh1t", "@ss") and other symbols drop ("f.u.c.k"); a word of digits stays
-- as it is ("Route 455"); a word of symbols only is dropped. Runs of three or
-- more single letters are joined ("f u c k"). Last, letters that sound alike
-- are written one way, in the text and in every term alike: "ph" as "f", "ck"
-- as "k", "q" as "k" ("phuq" reads as "fuk").

-- Letters that sound alike, written one way (runs included: "pph", "cck", "qq").
create or replace function private.profanity_sounds(_text text)
returns text
language sql
immutable
set search_path = ''
as $fn$
  select regexp_replace(regexp_replace(regexp_replace(_text, 'p+h+', 'f', 'g'), 'c+k+', 'k', 'g'), 'q+', 'k', 'g')
$fn$;

create or replace function private.normalize_for_profanity(_text text)
returns text
language plpgsql
immutable
set search_path = ''
as $fn$
declare
  _s text;
  _word text;
  _run text := '';
  _out text[] := '{}';
begin
  _s := normalize(coalesce(_text, ''), NFKC);
  _s := normalize(_s, NFD);
  _s := regexp_replace(_s, '[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g');
  _s := translate(_s, 'авеёзіїјкмнорстухѕһԁԛԝьАВЕЁЗІЇЈКМНОРСТУХЅҺԀԚԜαβεηικνορτυχωΑΒΕΖΗΙΚΜΝΟΡΤΥΧıȷɡɑøØłŁđĐß', 'abee3iijkmhopctyxshdqwbabee3iijkmhopctyxshdqwabenikvoptuxwabezhikmnoptyxijgaoolldds');
  _s := translate(_s, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');
  foreach _word in array regexp_split_to_array(_s, '[ \t\n\r\f\v]+') loop
    if _word ~ '[a-z]' then
      _word := regexp_replace(translate(_word, '0134579@$!|+', 'oieastgasiit'), '[^a-z0-9]', '', 'g');
    elsif _word !~ '[0-9]' then
      continue;
    end if;
    if _word ~ '^[a-z]$' then
      _run := _run || _word;
      continue;
    end if;
    if length(_run) >= 3 then
      _out := _out || _run;
    elsif _run <> '' then
      _out := _out || regexp_split_to_array(_run, '');
    end if;
    _run := '';
    _out := _out || _word;
  end loop;
  if length(_run) >= 3 then
    _out := _out || _run;
  elsif _run <> '' then
    _out := _out || regexp_split_to_array(_run, '');
  end if;
  return private.profanity_sounds(array_to_string(_out, ' '));
end
$fn$;

-- One term's expression: every letter may repeat ("fuuuck"), a space in a
-- phrase matches any run of non-letters; 'start' and 'word' terms begin at a
-- word boundary, 'word' terms end at one (an optional plural before it).
create or replace function private.profanity_pattern(_term text, _match text)
returns text
language sql
immutable
set search_path = ''
as $fn$
  select case _match when 'any' then '' else '(?<![a-z0-9])' end
    || replace(regexp_replace(private.profanity_sounds(_term), '([a-z])', '\1+', 'g'), ' ', '[^a-z]*')
    || case _match when 'word' then '(?:e?s)?(?![a-z0-9])' else '' end
$fn$;

revoke execute on function private.profanity_sounds(text) from public;
revoke execute on function private.normalize_for_profanity(text) from public;
revoke execute on function private.profanity_pattern(text, text) from public;

delete from private.profanity_terms;

insert into private.profanity_terms (term, match) values
  ('fuck', 'any'),
  ('motherfucka', 'any'),
  ('fuk', 'start'),
  ('fcuk', 'start'),
  ('phuck', 'start'),
  ('phuk', 'start'),
  ('fuc', 'word'),
  ('fck', 'word'),
  ('fuq', 'word'),
  ('feck', 'word'),
  ('mofo', 'word'),
  ('effing', 'word'),
  ('fkn', 'word'),
  ('fking', 'word'),
  ('fcking', 'word'),
  ('shit', 'any'),
  ('dipshit', 'any'),
  ('shyt', 'start'),
  ('piss', 'start'),
  ('sht', 'word'),
  ('turd', 'word'),
  ('pissed', 'word'),
  ('shite', 'word'),
  ('dumbass', 'any'),
  ('jackass', 'any'),
  ('fatass', 'any'),
  ('smartass', 'any'),
  ('buttfuck', 'any'),
  ('dickhead', 'any'),
  ('dickwad', 'any'),
  ('dickface', 'any'),
  ('cocksucker', 'any'),
  ('cocksuck', 'any'),
  ('cockhead', 'any'),
  ('bitch', 'any'),
  ('whore', 'any'),
  ('asshole', 'start'),
  ('arsehole', 'start'),
  ('asshat', 'start'),
  ('assclown', 'start'),
  ('asswipe', 'start'),
  ('assface', 'start'),
  ('asslick', 'start'),
  ('asskisser', 'start'),
  ('butthole', 'start'),
  ('buttplug', 'start'),
  ('knobhead', 'start'),
  ('knobend', 'start'),
  ('bellend', 'start'),
  ('twat', 'start'),
  ('cunt', 'start'),
  ('kunt', 'start'),
  ('bollocks', 'start'),
  ('bollox', 'start'),
  ('ballsack', 'start'),
  ('nutsack', 'start'),
  ('testicle', 'start'),
  ('douche', 'start'),
  ('douchebag', 'start'),
  ('wanker', 'start'),
  ('wank', 'start'),
  ('bugger', 'start'),
  ('bastard', 'start'),
  ('biatch', 'start'),
  ('beyotch', 'start'),
  ('skank', 'start'),
  ('slut', 'start'),
  ('ass', 'word'),
  ('arse', 'word'),
  ('azz', 'word'),
  ('dick', 'word'),
  ('dik', 'word'),
  ('cock', 'word'),
  ('prick', 'word'),
  ('pussy', 'word'),
  ('pussies', 'word'),
  ('scrotum', 'word'),
  ('tosser', 'word'),
  ('btch', 'word'),
  ('slag', 'word'),
  ('thot', 'word'),
  ('hooker', 'word'),
  ('minge', 'word'),
  ('munter', 'word'),
  ('handjob', 'any'),
  ('blowjob', 'any'),
  ('rimjob', 'any'),
  ('footjob', 'any'),
  ('titjob', 'any'),
  ('cumshot', 'any'),
  ('cumslut', 'any'),
  ('gangbang', 'any'),
  ('penis', 'start'),
  ('vagina', 'start'),
  ('clit', 'start'),
  ('titty', 'start'),
  ('dildo', 'start'),
  ('porn', 'start'),
  ('porno', 'start'),
  ('orgasm', 'start'),
  ('masturbat', 'start'),
  ('jerkoff', 'start'),
  ('jackoff', 'start'),
  ('circlejerk', 'start'),
  ('jizz', 'start'),
  ('jizm', 'start'),
  ('ejaculat', 'start'),
  ('queef', 'start'),
  ('smegma', 'start'),
  ('fellatio', 'start'),
  ('cunnilingus', 'start'),
  ('deepthroat', 'start'),
  ('bukkake', 'start'),
  ('creampie', 'start'),
  ('fingerbang', 'start'),
  ('felch', 'start'),
  ('doggystyle', 'start'),
  ('nympho', 'start'),
  ('cameltoe', 'start'),
  ('incest', 'start'),
  ('bestiality', 'start'),
  ('zoophil', 'start'),
  ('necrophil', 'start'),
  ('pedophil', 'start'),
  ('paedophil', 'start'),
  ('rapist', 'start'),
  ('molest', 'start'),
  ('cuck', 'start'),
  ('anal', 'word'),
  ('anus', 'word'),
  ('vulva', 'word'),
  ('tits', 'word'),
  ('titties', 'word'),
  ('boobs', 'word'),
  ('boobies', 'word'),
  ('hentai', 'word'),
  ('orgy', 'word'),
  ('orgies', 'word'),
  ('jerk off', 'word'),
  ('jack off', 'word'),
  ('blow job', 'word'),
  ('rimming', 'word'),
  ('boner', 'word'),
  ('cum', 'word'),
  ('cummies', 'word'),
  ('spunk', 'word'),
  ('semen', 'word'),
  ('fisting', 'word'),
  ('doggy style', 'word'),
  ('milf', 'word'),
  ('bdsm', 'word'),
  ('shag', 'word'),
  ('shagging', 'word'),
  ('pedo', 'word'),
  ('paedo', 'word'),
  ('rape', 'word'),
  ('raped', 'word'),
  ('raping', 'word'),
  ('nigger', 'any'),
  ('nigga', 'any'),
  ('niggaz', 'any'),
  ('nigguh', 'any'),
  ('faggot', 'any'),
  ('sandnigger', 'any'),
  ('fagot', 'start'),
  ('shemale', 'start'),
  ('retard', 'start'),
  ('wetback', 'start'),
  ('beaner', 'start'),
  ('zipperhead', 'start'),
  ('chingchong', 'start'),
  ('jigaboo', 'start'),
  ('golliwog', 'start'),
  ('towelhead', 'start'),
  ('raghead', 'start'),
  ('gyppo', 'start'),
  ('boong', 'start'),
  ('halfbreed', 'start'),
  ('redskin', 'start'),
  ('poofter', 'start'),
  ('negro', 'word'),
  ('fag', 'word'),
  ('dyke', 'word'),
  ('tranny', 'word'),
  ('retarded', 'word'),
  ('spastic', 'word'),
  ('spaz', 'word'),
  ('spic', 'word'),
  ('spick', 'word'),
  ('chink', 'word'),
  ('gook', 'word'),
  ('ching chong', 'word'),
  ('kike', 'word'),
  ('yid', 'word'),
  ('coon', 'word'),
  ('porch monkey', 'word'),
  ('sambo', 'word'),
  ('camel jockey', 'word'),
  ('pikey', 'word'),
  ('abbo', 'word'),
  ('wop', 'word'),
  ('dago', 'word'),
  ('jap', 'word'),
  ('paki', 'word'),
  ('injun', 'word'),
  ('squaw', 'word'),
  ('lesbo', 'word'),
  ('poof', 'word'),
  ('batty boy', 'word');
