/** Disguises of refused words: invisible characters, look-alikes, accents, separators. */
export const disguised = [
  'f\u200buck this', // zero-width space
  'ѕһіt happens', // Cyrillic dze, shha, i
  'ｆｕｃｋ ｙｏｕ', // full-width letters
  'f.u.c.k',
  's h i t storm',
  'fück off', // precomposed accent
  'f\u0301u\u0300ck', // combining accents
  'B!+CH please', // symbols read as letters
  'сunt', // Cyrillic es
  'sh\u00adit', // soft hyphen
  'Ｓ.Ｈ.１.Ｔ', // full-width, separators and a digit
  'a-s-s-h-o-l-e',
  'phuq this', // letters that sound alike: ph as f, q as k
  'PHUQQ you',
  'phucck off',
  'sheeit qunt',
] as const;

export const ordinary = [
  'Route 455',
  'Class of 2000',
  'Scunthorpe United',
  'Assassin',
  'Wish It Was',
  'Cocktail Hour',
  'Pussycat Dolls',
  'Café del Mar',
  'Rock & Roll',
  '99 Luftballons',
  'M.I.A.',
  'Easy as A B C',
  'Hit the Road Jack',
  'Glass Animals',
  'Phantom of the Opera',
  'Queen - Bohemian Rhapsody',
  'Black Eyed Peas',
  'Iraq Blues',
  'Phil Collins',
] as const;
