import type { LucideIcon } from 'lucide-react';
import { Brain, Disc3, LayoutGrid, Link2, Mic, Timer } from 'lucide-react';
import { screenOf } from '../game-frame/game-frame';

export type Difficulty = 'Easy' | 'Medium' | 'Hard';

export interface GameCardInfo {
  id: string;
  path: string;
  title: string;
  blurb: string;
  icon: LucideIcon;
  /** Playable games have a difficulty; the others are coming soon. */
  difficulty: Difficulty | null;
}

function game(
  id: string,
  blurb: string,
  icon: LucideIcon,
  difficulty: Difficulty | null,
): GameCardInfo {
  const path = `/games/${id}`;
  return { id, path, title: screenOf(path), blurb, icon, difficulty };
}

/** The hub's cards, in the product's order (difficulties Medium, Hard, Easy). */
export const gamesCatalog: readonly GameCardInfo[] = [
  game(
    'trivia-blast',
    'Five quick questions on the bistro, music and Cleveland. You get 15 seconds for each.',
    Brain,
    'Medium',
  ),
  game(
    'word-chain',
    'Take turns with friends: every word starts with the last letter of the one before.',
    Link2,
    'Hard',
  ),
  game(
    'memory-match',
    'Watch the lights, then repeat the sequence. It grows every level.',
    LayoutGrid,
    'Easy',
  ),
  game('guess-the-throwback', 'Name the classic track from a few seconds of it.', Disc3, null),
  game('beat-the-clock', 'Race the timer through rapid-fire music rounds.', Timer, null),
  game('rap-it-or-scrap-it', 'Finish the verse, or pass it to the next player.', Mic, null),
];
