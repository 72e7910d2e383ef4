/** PKCE: a challenge sent with sign-up/recover/resend makes /verify answer with `?code=`. */
import type { Queryable } from '../db/types.js';
import { validationFailed } from './errors.js';
import { replaceFlowState } from './models/flow-state.js';
import type { TokenKind } from './models/users.js';
import type { Body } from './request.js';

/** Remembers the body's code challenge, if it has one, for the user's next link of `kind`. */
export async function savePkce(
  tx: Queryable,
  b: Body,
  userId: string,
  kind: TokenKind,
): Promise<void> {
  const challenge = b['code_challenge'];
  const challengeMethod =
    typeof b['code_challenge_method'] === 'string' ? b['code_challenge_method'].toLowerCase() : '';
  if (typeof challenge !== 'string' || !challenge) return;
  if (
    !['s256', 'plain'].includes(challengeMethod) ||
    challenge.length < 43 ||
    challenge.length > 128
  )
    throw validationFailed('Invalid code_challenge or code_challenge_method');
  await replaceFlowState(tx, { userId, kind, challenge, challengeMethod });
}
