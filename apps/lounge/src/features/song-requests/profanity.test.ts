import { containsProfanity } from './profanity';

describe('containsProfanity (obscenity English dataset)', () => {
  it.each(['Fuck This', 'shit happens', 'B1tch Better Have My Money', 'fuuuuck'])(
    'refuses %s',
    (text) => expect(containsProfanity(text)).toBe(true),
  );

  it.each(['Blinding Lights', 'Crazy in Love', 'Class of 2000', 'Scunthorpe United', 'Assassin'])(
    'accepts %s',
    (text) => expect(containsProfanity(text)).toBe(false),
  );

  it('checks every text it is given', () => {
    expect(containsProfanity('Clean Title', 'Dirty shit')).toBe(true);
    expect(containsProfanity('Clean Title', 'Clean Artist')).toBe(false);
  });
});
